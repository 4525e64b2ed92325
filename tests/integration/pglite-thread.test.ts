/**
 * The embedded database on its worker thread (db/pglite-thread.ts, docs/decisions/016): what
 * crosses the thread arrives as PGlite gives it in-process (types, PostgreSQL's error fields,
 * transactions that commit or roll back), data on disk outlives a close, and while a long
 * statement runs the main thread goes on (its timers fire): the point of the thread.
 * Always on an embedded database of its own, whatever DATABASE_URL says.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '@/db/database';
import { getEnv } from '@/env';

let handle: DbHandle;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-thread-'));

beforeAll(async () => {
  handle = await createDb(getEnv({ DATA_DIR: dataDir, NODE_ENV: 'test' }));
  await sql`create table things (id int primary key, name text unique, tags text[], meta jsonb, price numeric(10,2), made timestamptz, big bigint, raw bytea)`.execute(
    handle.db,
  );
});
afterAll(async () => {
  await handle?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('PGlite on a worker thread', () => {
  it('returns values of every kind as PGlite does in-process', async () => {
    const made = new Date('2026-11-25T10:00:00.123Z');
    await sql`insert into things values (1, 'one', ${['a', 'b']}, ${JSON.stringify({ k: [1, 2] })}::jsonb, 12.5, ${made}, 9007199254740993, ${new Uint8Array([1, 2, 3])})`.execute(
      handle.db,
    );
    const row = (await sql<Record<string, unknown>>`select * from things where id = 1`.execute(handle.db)).rows[0]!;
    expect(row).toMatchObject({ id: 1, name: 'one', tags: ['a', 'b'], meta: { k: [1, 2] }, price: '12.50' });
    expect(row['made']).toBeInstanceOf(Date);
    expect((row['made'] as Date).toISOString()).toBe(made.toISOString());
    expect(String(row['big'])).toBe('9007199254740993');
    expect([...(row['raw'] as Uint8Array)]).toEqual([1, 2, 3]);
  });

  it("passes PostgreSQL's error fields through", async () => {
    const error = (await sql`insert into things (id, name) values (2, 'one')`.execute(handle.db).catch((e: unknown) => e)) as Record<string, unknown>;
    expect(error).toBeInstanceOf(Error);
    expect(error['code']).toBe('23505');
    expect(error['constraint']).toBe('things_name_key');
    expect(String(error['message'])).toContain('duplicate key');
  });

  it('commits a transaction, and rolls back one that failed, whole', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into things (id, name) values (3, 'three')`.execute(trx);
      await sql`insert into things (id, name) values (4, 'four')`.execute(trx);
    });
    const failed = await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into things (id, name) values (5, 'five')`.execute(trx);
        await sql`insert into things (id, name) values (6, 'three')`.execute(trx); // duplicate name
      })
      .catch((e: unknown) => e as { code?: string });
    expect(failed).toMatchObject({ code: '23505' });
    const ids = (await sql<{ id: number }>`select id from things order by id`.execute(handle.db)).rows.map((r) => r.id);
    expect(ids).toEqual([1, 3, 4]);
  });

  it('keeps the main thread running while a long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      await sql`select count(*) from generate_series(1, 5000000) as g, lateral (select md5(g::text)) as h`.execute(handle.db);
    } finally {
      clearInterval(timer);
    }
    // In-process, PGlite would hold the thread for the whole statement: not a single tick.
    expect(ticks).toBeGreaterThan(0);
  });

  it('keeps what was written after a close, for the next owner', async () => {
    await handle.close();
    handle = await createDb(getEnv({ DATA_DIR: dataDir, NODE_ENV: 'test' }));
    const ids = (await sql<{ id: number }>`select id from things order by id`.execute(handle.db)).rows.map((r) => r.id);
    expect(ids).toEqual([1, 3, 4]);
  });
});
