/**
 * Expensive reads under load (functions/_shared/read-guard.ts, docs/decisions/016): the cap
 * answers 503 SERVER_BUSY with Retry-After instead of queueing without end, waiters are served
 * in order, a read for a client that has gone away never starts, and a read past its deadline
 * answers 504 QUERY_TIMEOUT (PostgreSQL: statement_timeout; PGlite: a query still waiting
 * for the connection is dropped). GET /api/products runs under such a guard. No timings are
 * asserted: only what each read was answered, whether it ran, and how many round trips it
 * took to PostgreSQL (WebSocket frames the driver sent, docs/decisions/072).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { setDbHandle } from '@/db/database';
import { AppError } from '@/functions/_shared/errors';
import { ReadGuard, type ReadGuardLimits } from '@/functions/_shared/read-guard';
import { searchGuard, searchLimits } from '@/functions/catalogue/search.service';
import { GET as searchRoute } from '@/src/pages/api/products/index';
import { call } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  const creator = await createUser(t.db);
  await createProduct(t.db, creator.id, { title: 'Guarded Chatbot Kit' });
});
afterAll(async () => t?.close());

/** A promise the test settles when it wants: a read that holds its turn until then. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const limits = (overrides: Partial<ReadGuardLimits> = {}): ReadGuardLimits => ({
  maxActive: 1,
  maxQueued: 1,
  maxWaitMs: 60_000,
  timeoutMs: 60_000,
  ...overrides,
});

/**
 * WebSocket frames the database driver sends while `run` runs: one per round trip to
 * PostgreSQL (db/coalescing-websocket.ts sends the messages of a turn as one frame); none on
 * PGlite, which has no socket. Observed, not replaced: every frame still goes out.
 */
async function framesDuring(run: () => Promise<unknown>): Promise<number> {
  const send = vi.spyOn(WebSocket.prototype, 'send');
  try {
    await run();
    return send.mock.calls.length;
  } finally {
    send.mockRestore();
  }
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the cap', () => {
  it('runs up to maxActive at once, queues up to maxQueued in order, and refuses the rest with SERVER_BUSY and a Retry-After', async () => {
    const guard = new ReadGuard('test', () => limits({ maxActive: 1, maxQueued: 2 }));
    const held = gate();
    const order: string[] = [];
    const first = guard.run(t, undefined, async () => {
      order.push('first');
      await held.opened;
      return 'first';
    });
    const second = guard.run(t, undefined, async (db, signal) => {
      order.push('second');
      return (await sql<{ n: number }>`select 2 as n`.execute(db, { signal })).rows[0]?.n;
    });
    const third = guard.run(t, undefined, async () => {
      order.push('third');
      return 'third';
    });
    const refused = await rejection(guard.run(t, undefined, async () => order.push('refused')));
    expect(refused.code).toBe('SERVER_BUSY');
    expect(refused.status).toBe(503);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(guard.load).toEqual({ active: 1, queued: 2 });

    held.open();
    expect(await Promise.all([first, second, third])).toEqual(['first', 2, 'third']);
    expect(order).toEqual(['first', 'second', 'third']);
    expect(guard.load).toEqual({ active: 0, queued: 0 });
  });

  it('refuses a read that waited longer than maxWaitMs for its turn, and it never runs', async () => {
    const guard = new ReadGuard('test', () => limits({ maxWaitMs: 20 }));
    const held = gate();
    const first = guard.run(t, undefined, () => held.opened);
    let ran = false;
    const waited = await rejection(guard.run(t, undefined, async () => (ran = true)));
    expect(waited.code).toBe('SERVER_BUSY');
    held.open();
    await first;
    expect(ran).toBe(false);
    expect(guard.load).toEqual({ active: 0, queued: 0 });
  });
});

describe('a client that has gone away', () => {
  it('never starts a read whose client left before it arrived', async () => {
    const guard = new ReadGuard('test', () => limits());
    const gone = new AbortController();
    gone.abort();
    let ran = false;
    const error = await rejection(guard.run(t, gone.signal, async () => (ran = true)));
    expect(error.code).toBe('CLIENT_CLOSED_REQUEST');
    expect(ran).toBe(false);
  });

  it('leaves the queue when its client leaves while it waits, and the next one takes the turn', async () => {
    const guard = new ReadGuard('test', () => limits({ maxQueued: 2 }));
    const held = gate();
    const first = guard.run(t, undefined, () => held.opened);
    const leaving = new AbortController();
    let leftRan = false;
    const left = guard.run(t, leaving.signal, async () => (leftRan = true));
    const next = guard.run(t, undefined, async () => 'next');
    expect(guard.load.queued).toBe(2);
    leaving.abort();
    expect((await rejection(left)).code).toBe('CLIENT_CLOSED_REQUEST');
    expect(guard.load.queued).toBe(1);
    held.open();
    await first;
    expect(await next).toBe('next');
    expect(leftRan).toBe(false);
  });
});

describe('the deadline', () => {
  it('answers QUERY_TIMEOUT (504) for a read past its deadline, and its query never writes', async () => {
    await sql`create table if not exists guard_marks (id int)`.execute(t.db);
    const guard = new ReadGuard('test', () => limits({ timeoutMs: 150 }));
    if (t.driver === 'pglite') {
      // PGlite cannot interrupt a statement; a query still waiting for the one connection
      // past the deadline is dropped. A transaction holds the connection meanwhile.
      const held = gate();
      const holder = t.db.transaction().execute(() => held.opened);
      const error = await rejection(guard.run(t, undefined, async (db, signal) => sql`insert into guard_marks values (1)`.execute(db, { signal })));
      held.open();
      await holder;
      expect(error.code).toBe('QUERY_TIMEOUT');
      expect(error.status).toBe(504);
    } else {
      // PostgreSQL stops the statement itself: statement_timeout, sent with each statement of
      // the read (the second here), not once for a transaction around it.
      const error = await rejection(
        guard.run(t, undefined, async (db, signal) => {
          await sql`select 1`.execute(db, { signal });
          return sql`insert into guard_marks select 1 from pg_sleep(5)`.execute(db, { signal });
        }),
      );
      expect(error.code).toBe('QUERY_TIMEOUT');
    }
    expect((await sql<{ n: number }>`select count(*)::int as n from guard_marks`.execute(t.db)).rows[0]?.n).toBe(0);
  });

  it('on PostgreSQL, sets statement_timeout for the read only, not for the pooled connection after it', async () => {
    const guard = new ReadGuard('test', () => limits({ timeoutMs: 1500 }));
    const show = async (db: typeof t.db) => (await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db)).rows[0]?.statement_timeout;
    await show(t.db); // a connection in the pool: opening one takes frames of its own
    let inside: string | undefined;
    const frames = await framesDuring(async () => (inside = await guard.run(t, undefined, (db) => show(db))));
    if (t.driver === 'pglite') {
      expect(inside).toBe('0'); // PGlite ignores statement_timeout; its deadline is the wait
      expect(frames).toBe(0);
    } else {
      expect(inside).toBe('1500ms');
      // The setting and the statement in one round trip: no BEGIN, no COMMIT of their own.
      expect(frames).toBe(1);
      const after = await Promise.all(Array.from({ length: 12 }, () => show(t.db)));
      expect(new Set(after)).toEqual(new Set(['0']));
    }
  });

  it('leaves other errors as they are', async () => {
    const guard = new ReadGuard('test', () => limits());
    const error = await guard
      .run(t, undefined, async (db) => sql`select * from no_such_table`.execute(db))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).not.toBeInstanceOf(AppError);
    expect((error as { code?: string }).code).toBe('42P01');
  });
});

describe('GET /api/products under the search guard', () => {
  it('answers 503 SERVER_BUSY with Retry-After in the error shape when every turn and queue place is taken', async () => {
    const held = gate();
    const holders: Promise<unknown>[] = [];
    // Take every turn and every queue place synchronously: no timer can free one before the request.
    for (;;) {
      const before = searchGuard.load;
      const holder = searchGuard.run(t, undefined, () => held.opened).catch((e: unknown) => e);
      holders.push(holder);
      const after = searchGuard.load;
      if (after.active === before.active && after.queued === before.queued) break; // this one was refused: full
    }
    const busy = await call(searchRoute, '/api/products?search=chatbot');
    held.open();
    await Promise.all(holders);
    expect(busy.status).toBe(503);
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(busy.body).toEqual({ error: { code: 'SERVER_BUSY', message: 'The server is busy right now. Please try again in a moment.' } });

    const free = await call(searchRoute, '/api/products?search=chatbot');
    expect(free.status).toBe(200);
    expect(free.body.items.map((p: { title: string }) => p.title)).toEqual(['Guarded Chatbot Kit']);
  });

  it('queues a burst instead of refusing it: 50 searches at once are answered, each as when alone, and any 503 or 504 is in the error shape with Retry-After', async () => {
    const alone = await call(searchRoute, '/api/products?search=chatbot');
    expect(alone.status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(searchRoute, '/api/products?search=chatbot')));
    // A search still queued at its deadline is refused (503), and one whose statement outlives
    // it answers 504 QUERY_TIMEOUT: how many depends on the machine's speed (docs/benchmarks.md
    // counts them under load; on a starved CI machine a few 504s happen). Every other answer is
    // the one a search alone gets.
    const refused = answers.filter((a) => a.status === 503 || a.status === 504);
    for (const answer of answers.filter((a) => !refused.includes(a))) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(alone.body);
    }
    for (const answer of refused) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(answer.body.error.code).toBe(answer.status === 503 ? 'SERVER_BUSY' : 'QUERY_TIMEOUT');
      expect(answer.body).toEqual({ error: { code: answer.body.error.code, message: expect.any(String) } });
    }
    expect(answers.find((a) => a.status === 503)?.body.error.message ?? 'The server is busy right now. Please try again in a moment.').toBe(
      'The server is busy right now. Please try again in a moment.',
    );
    // That a burst is queued, not refused, is the next test.
  });

  it('under the shipped PGlite limits, 50 searches at once take 2 turns and 48 queue places, none refused, and all run in order', async () => {
    const guard = new ReadGuard('burst', () => searchLimits('pglite'));
    const held = gate();
    const ran: number[] = [];
    const reads = Array.from({ length: 50 }, (_, n) =>
      guard.run(t, undefined, async () => {
        ran.push(n);
        await held.opened;
      }),
    );
    expect(guard.load).toEqual({ active: 2, queued: 48 });
    held.open();
    await Promise.all(reads);
    expect(ran.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, n) => n));
    // Turns go in the order asked: read n is granted one only when n - 1 reads have finished,
    // so it starts at place n - 1 or later (two granted together may start in either order).
    expect(ran.every((n, place) => n <= place + 1)).toBe(true);
  });

  it('answers a search of known words in one round trip to PostgreSQL: its statement, with its deadline', async () => {
    const first = await call(searchRoute, '/api/products?search=chatbot'); // its words now known to this process
    let again: Awaited<ReturnType<typeof call>> | undefined;
    const frames = await framesDuring(async () => (again = await call(searchRoute, '/api/products?search=chatbot')));
    expect(again?.status).toBe(200);
    expect(again?.body).toEqual(first.body);
    expect(first.body.items.map((p: { title: string }) => p.title)).toEqual(['Guarded Chatbot Kit']);
    expect(frames).toBe(t.driver === 'pglite' ? 0 : 1);
  });

  it('validates before taking a turn: a bad parameter is 400 even when search is busy', async () => {
    const held = gate();
    const holders: Promise<unknown>[] = [];
    for (;;) {
      const before = searchGuard.load;
      holders.push(searchGuard.run(t, undefined, () => held.opened).catch((e: unknown) => e));
      const after = searchGuard.load;
      if (after.active === before.active && after.queued === before.queued) break;
    }
    const bad = await call(searchRoute, '/api/products?sort=random');
    held.open();
    await Promise.all(holders);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
  });
});
