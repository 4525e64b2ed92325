/**
 * The hostile-input suite (issue 10, docs/decisions/010): every API route (the declarations of
 * src/shared/api/routes with their valid examples, and better-auth's endpoints the app uses:
 * tests/support/route-table.ts), as a visitor, as another user and as the owner (for an
 * administrators' route: as a visitor, a user who is not one, and an administrator), with
 * malformed JSON, wrong types, NUL and control characters in every string field, 1 MB+
 * strings, bad ids, bad cursors and oversized bodies (declared, sent whole and streamed
 * without a length). For every answer: no 5xx, the error shape for every non-2xx, and nothing
 * stored (a fingerprint of every table and of the blob folder is the same before and after).
 * Real Requests through src/middleware.ts against a real database (one for the file).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { bodyLimitFor, UPLOAD_BODY_LIMIT } from '@/functions/_shared/body-limit';
import { LocalBlobStore, setBlobStore } from '@/functions/_shared/blob-store';
import { encodeCursor } from '@/functions/_shared/cursor';
import { call, fileForm, type CallOptions, type CallResult } from '../support/api';
import { ensureCategories } from '../support/factories';
import type { IdKind } from '../support/id-kinds';
import { buildRouteFixtures, type RouteFixtures } from '../support/route-fixtures';
import { exampleProblems, pathOf, ROUTES, sessionFor, UNROUTED_FILE, validBody as validBodyOf, type Handler, type RouteCase } from '../support/route-table';
import { createTestDb, type TestDb } from '../support/test-db';

// Thousands of requests from a handful of accounts: the write limits (tested in
// rate-limits.test.ts) are scaled out of the way, before anything reads the environment.
vi.hoisted(() => {
  process.env['RATE_LIMIT_SCALE'] = '1000';
  // The webhook examples' URL (route-examples.ts): allowed over http, and nothing listens on port 9.
  process.env['OUTBOUND_ALLOW_HOSTS'] = '127.0.0.1:9';
});

type Who = 'visitor' | 'other' | 'owner';

interface Case {
  label: string;
  who: Who;
  params: Record<string, string>;
  query: Record<string, string>;
  options: Pick<CallOptions, 'json' | 'form' | 'body' | 'headers'>;
  /** A 2xx is acceptable: a wrong type in a field the spec reads leniently. */
  lenient?: boolean;
  /** The status this case must get (the 413s). */
  status?: number;
}

let t: TestDb;
let fx: RouteFixtures;
let blobRoot: string;
let watchedTables: string[];
let requests = 0;

/** Tables whose rows never change on a refused request. Sessions and rate limits are better-auth's bookkeeping. */
const UNWATCHED = new Set(['sessions', 'rate_limits', 'rate_limit_counters', 'verifications', 'kysely_migration', 'kysely_migration_lock']);

/**
 * The content of every watched table (row count and an md5 of its rows) and the blob folder's
 * listing. Hashing every table after each of thousands of requests was most of this file's time,
 * so a statement trigger on each watched table notes that it was written (watchTables, below),
 * and only the tables written since the last fingerprint are hashed again. A noted table is
 * compared by content, as before: an update that stores the same values is not a change.
 */
const tableHashes = new Map<string, string>();

async function hashTables(names: string[]): Promise<void> {
  if (!names.length) return;
  const selects = names.map(
    (name) => `select '${name}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`,
  );
  const rows = await sql.raw<{ t: string; n: number; h: string }>(selects.join(' union all ')).execute(t.db);
  for (const row of rows.rows) tableHashes.set(row.t, `${row.n}:${row.h}`);
}

/** Statement triggers noting each write to a watched table in test_watch.written (the file's own database). */
async function watchTables(): Promise<void> {
  await sql.raw(`create schema test_watch`).execute(t.db);
  await sql.raw(`create table test_watch.written (name text primary key)`).execute(t.db);
  await sql
    .raw(
      `create function test_watch.note_write() returns trigger language plpgsql as $$
       begin insert into test_watch.written values (tg_table_name) on conflict do nothing; return null; end $$`,
    )
    .execute(t.db);
  for (const name of watchedTables) {
    await sql
      .raw(
        `create trigger test_watch_write after insert or update or delete or truncate on "${name}" for each statement execute function test_watch.note_write()`,
      )
      .execute(t.db);
  }
  await hashTables(watchedTables);
}

async function fingerprint(): Promise<string> {
  const written = await sql<{ name: string }>`delete from test_watch.written returning name`.execute(t.db);
  await hashTables(written.rows.map((r) => r.name).filter((name) => tableHashes.has(name)));
  const blobs = fs.existsSync(blobRoot) ? (fs.readdirSync(blobRoot, { recursive: true }) as string[]).sort() : [];
  return JSON.stringify({ rows: [...tableHashes.entries()].sort(([a], [b]) => a.localeCompare(b)), blobs });
}

// --- Hostile values -------------------------------------------------------------------------

const BIG = 'x'.repeat(1_100_000);
/** Appended to a valid string: NUL, a bell, an escape sequence, an unpaired surrogate. */
const HOSTILE_SUFFIXES: [string, string][] = [
  ['NUL', '\u0000'],
  ['a control character', '\u0007'],
  ['an escape sequence', '\u001b[31m'],
  ['a C1 control character', '\u0085'],
  ['an unpaired surrogate', '\ud800'],
];
const WRONG_TYPES: [string, unknown][] = [
  ['a number', 12345],
  ['a boolean', true],
  ['null', null],
  ['an object', { nested: { deeper: 'x' } }],
  ['an array', ['x', 1]],
];
const MALFORMED_JSON = ['{"a":', '{', '[1,', '{"a" 1}', 'undefined', "{'a':1}", '\u0000', '{"a":"\\u00'];

function badIds(kind: IdKind): [string, string][] {
  const unknown: Record<IdKind, string> = {
    uuid: randomUUID(),
    userId: `unknown-${randomBytes(6).toString('hex')}`,
    toolId: 'no-such-tool',
    fileName: 'nothing-here.zip',
    checkoutSession: `cs_test_${randomBytes(12).toString('hex')}`,
  };
  return [
    ['not in its format', kind === 'toolId' ? 'Not A Slug!' : 'not-a-uuid!'],
    ['holding NUL', `a\u0000b`],
    ['only NUL', '\u0000'],
    ['holding a control character', `x\u0007`],
    ['very long', 'a'.repeat(5000)],
    ['a path', '../../etc/passwd'],
    ['unknown', unknown[kind]],
  ];
}

function badCursors(format: 'search' | 'keyset'): [string, Record<string, string>][] {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const id = randomUUID();
  if (format === 'keyset') {
    return [
      ['garbage', { cursor: 'garbage' }],
      ['not JSON', { cursor: Buffer.from('{not json').toString('base64url') }],
      ['a bad timestamp', { cursor: encodeCursor({ at: '2026-13-45T99:00:00.000Z', id }) }],
      ['a day that does not exist', { cursor: encodeCursor({ at: '2026-02-30T10:00:00.000Z', id }) }],
      ['a number as timestamp', { cursor: encodeCursor({ at: '1', id }) }],
      ['a bad id', { cursor: encodeCursor({ at: '2026-11-21T10:00:00.000Z', id: 'not-a-uuid' }) }],
      ['NUL in the timestamp', { cursor: encodeCursor({ at: '2026-11-21T10:00:00.000Z\u0000', id }) }],
      ['an extra field', { cursor: encodeCursor({ at: '2026-11-21T10:00:00.000Z', id, x: 1 }) }],
    ];
  }
  return [
    ['garbage', { cursor: 'garbage!' }],
    ['not JSON', { cursor: Buffer.from('{not json').toString('base64url') }],
    ['a bad timestamp', { cursor: b64({ s: 'newest', v: '2026-13-45 99:00:00+00', id }) }],
    ['a day that does not exist', { cursor: b64({ s: 'newest', v: '2026-02-30 10:00:00+00', id }) }],
    ['a word as timestamp', { cursor: b64({ s: 'newest', v: 'yesterday', id }) }],
    ['NUL in the value', { cursor: b64({ s: 'newest', v: '2026-11-21 10:00:00+00\u0000', id }) }],
    ['a bad id', { cursor: b64({ s: 'newest', v: '2026-11-21 10:00:00+00', id: 'x' }) }],
    ['a huge count', { sort: 'popular', cursor: b64({ s: 'popular', v: '99999999999999', id }) }],
    ['a word as count', { sort: 'popular', cursor: b64({ s: 'popular', v: 'many', id }) }],
    ['a word as price', { sort: 'price_asc', cursor: b64({ s: 'price_asc', v: 'cheap', id }) }],
    ['an out-of-range rank', { search: 'email', sort: 'relevance', cursor: b64({ s: 'relevance', v: '1e400', id }) }],
  ];
}

/** Every leaf of a JSON value, as [path, value]. */
function leaves(value: unknown, at: (string | number)[] = []): [(string | number)[], unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, [...at, key]));
  return [[at, value]];
}

function setAt(value: unknown, at: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at[at.length - 1]!] = replacement;
  return copy;
}

/** A body of `bytes` bytes sent as a stream, so the request has no Content-Length. */
function streamOf(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(sent === 0 ? new TextEncoder().encode('{"pad":"') : chunk);
      sent += chunk.byteLength;
    },
  });
}

const validBody = (route: RouteCase): CallOptions => validBodyOf(route, fx);

// --- The cases of one route -----------------------------------------------------------------

function casesFor(route: RouteCase): Case[] {
  const cases: Case[] = [];
  const params = route.params?.(fx) ?? {};
  const query = route.query?.(fx) ?? {};
  const limit = bodyLimitFor(route.path.replace(/\{[^}]+\}/g, 'x'));
  const add = (c: Omit<Case, 'params' | 'query'> & Partial<Pick<Case, 'params' | 'query'>>) => cases.push({ params, query, ...c });

  for (const who of ['visitor', 'other', 'owner'] as const) {
    // A visitor is refused (401) before a signed-in route reads the body; a declared length is refused before that.
    const over = who === 'visitor' && (route.auth === 'user' || route.auth === 'verified') ? undefined : 413;
    for (const [name, kind] of Object.entries(route.ids)) {
      for (const [label, value] of badIds(kind)) add({ label: `${name} ${label}`, who, params: { ...params, [name]: value }, options: validBody(route) });
    }
    if (route.method !== 'GET') {
      add({
        label: 'a declared body over the limit',
        who,
        options: { body: '{}', headers: { 'content-type': 'application/json', 'content-length': String(limit + 1) } },
        status: 413,
      });
    }
    if (route.body === 'json') {
      for (const text of MALFORMED_JSON)
        add({ label: `malformed JSON ${JSON.stringify(text)}`, who, options: { body: text, headers: { 'content-type': 'application/json' } } });
      add({
        label: 'a body one byte over the limit',
        who,
        options: { body: JSON.stringify({ pad: 'x'.repeat(limit) }), headers: { 'content-type': 'application/json' } },
        ...(over ? { status: over } : {}),
      });
      add({
        label: 'a streamed body over the limit (no Content-Length)',
        who,
        options: { body: streamOf(limit + 256 * 1024), headers: { 'content-type': 'application/json' } },
        ...(over ? { status: over } : {}),
      });
      for (const [label, value] of [
        ['a number', 42],
        ['a string', 'text'],
        ['an array', [1, 2]],
        ['null', null],
      ] as const)
        add({ label: `the body is ${label}`, who, options: { json: value } });
    }
    if (route.body === 'multipart') {
      add({ label: 'JSON instead of multipart', who, options: { json: { file: 'x' } } });
      add({
        label: 'a broken multipart body',
        who,
        options: { body: '--b\r\ncontent-disposition: form-data; name="file"\r\n\r\nno end', headers: { 'content-type': 'multipart/form-data; boundary=b' } },
      });
      add({
        label: 'a declared upload over the ceiling',
        who,
        options: { body: 'x', headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(UPLOAD_BODY_LIMIT + 1) } },
        status: 413,
      });
    }
    for (const name of Object.keys(query)) {
      for (const [label, suffix] of HOSTILE_SUFFIXES)
        add({ label: `query ${name} with ${label}`, who, query: { ...query, [name]: `${query[name]}${suffix}` }, options: validBody(route) });
      add({ label: `query ${name} of 1 MB`, who, query: { ...query, [name]: BIG }, options: validBody(route) });
      add({ label: `query ${name} garbage`, who, query: { ...query, [name]: '%%garbage' }, options: validBody(route) });
    }
    if (route.cursor) {
      for (const [label, values] of badCursors(route.cursor)) add({ label: `cursor ${label}`, who, query: { ...query, ...values }, options: validBody(route) });
    }
  }

  // Field by field, as the owner (for whom the rest of the request is valid).
  if (route.body === 'json' && route.json) {
    const example = route.json(fx);
    for (const [at, value] of leaves(example)) {
      const field = at.join('.');
      const lenient = route.lenient?.includes(String(at[0])) ?? false;
      const nullable = route.nullable?.includes(field) ?? false;
      for (const [label, wrong] of WRONG_TYPES) {
        if (typeof wrong === typeof value && wrong !== null && value !== null) continue;
        add({
          label: `${field} is ${label}`,
          who: 'owner',
          options: { json: setAt(route.json(fx), at, wrong) },
          lenient: lenient || (nullable && wrong === null),
        });
      }
      if (typeof value === 'string') {
        for (const [label, suffix] of HOSTILE_SUFFIXES)
          add({ label: `${field} with ${label}`, who: 'owner', options: { json: setAt(route.json(fx), at, `${value}${suffix}`) }, lenient });
        add({ label: `${field} of 1 MB`, who: 'owner', options: { json: setAt(route.json(fx), at, BIG) }, lenient });
      }
    }
  }
  if (route.body === 'multipart' && route.multipart) {
    const example = route.multipart(fx);
    // Multipart text is UTF-8: an unpaired surrogate arrives as U+FFFD, a valid character.
    const multipartSuffixes = HOSTILE_SUFFIXES.filter(([label]) => label !== 'an unpaired surrogate');
    for (const name of Object.keys(example.fields)) {
      for (const [label, suffix] of multipartSuffixes) {
        add({
          label: `field ${name} with ${label}`,
          who: 'owner',
          options: {
            form: fileForm(example.file.name, example.file.bytes, example.file.type, { ...example.fields, [name]: `${example.fields[name]}${suffix}` }),
          },
        });
      }
    }
    for (const [label, suffix] of multipartSuffixes) {
      add({
        label: `file name with ${label}`,
        who: 'owner',
        options: { form: fileForm(`na${suffix}me${path.extname(example.file.name)}`, example.file.bytes, example.file.type, example.fields) },
      });
    }
    add({
      label: 'no file',
      who: 'owner',
      options: {
        form: (() => {
          const f = new FormData();
          for (const [k, v] of Object.entries(example.fields)) f.set(k, v);
          return f;
        })(),
      },
    });
  }
  return cases;
}

async function run(route: RouteCase, handler: Handler, c: Case): Promise<CallResult> {
  const search = new URLSearchParams(c.query).toString();
  // Each request from its own address: the auth rate limits are not what this suite tests.
  const clientAddress = `203.0.113.${randomBytes(1)[0]}`;
  return call(handler, `${pathOf(route, c.params)}${search ? `?${search}` : ''}`, {
    method: route.method,
    session: sessionFor(route, c.who, fx),
    params: c.params,
    address: clientAddress,
    ...c.options,
  });
}

/** The error shape { error: { code, message } } (better-auth's endpoints keep their top-level fields too). */
function hasErrorShape(body: unknown): boolean {
  const b = body as { error?: { code?: unknown; message?: unknown } } | null;
  return Boolean(
    b?.error && typeof b.error.code === 'string' && /^[A-Z_]+$/.test(b.error.code) && typeof b.error.message === 'string' && b.error.message.length > 0,
  );
}

// --- Fixtures -------------------------------------------------------------------------------

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-hostile-'));
  const blobs = new LocalBlobStore(blobRoot);
  setBlobStore(blobs);
  await ensureCategories(t.db);

  fx = await buildRouteFixtures(t, blobs);

  const tables = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(t.db);
  watchedTables = tables.rows
    .map((r) => r.name)
    .filter((name) => !UNWATCHED.has(name) && /^[a-z_]+$/.test(name))
    .sort();
  await watchTables();
});

afterAll(async () => {
  console.log(`[hostile-input] ${requests} hostile requests over ${ROUTES.length} routes`);
  resetAuth();
  await closeDb();
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

// --- The suite ------------------------------------------------------------------------------

describe('the route table', () => {
  it('holds every route file and exported method under src/pages/api', async () => {
    // The declarations name their files only through their paths: this also checks that each path finds its file.
    const root = path.resolve('src/pages/api');
    const files = (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((f) => /\.(ts|js)$/.test(f))
      .map((f) => f.split(path.sep).join('/'))
      .filter((f) => f !== UNROUTED_FILE)
      .sort();
    const missing: string[] = [];
    for (const file of files) {
      const module = (await import(/* @vite-ignore */ path.join(root, file))) as Record<string, unknown>;
      const methods = Object.keys(module).filter((key) => /^(GET|POST|PUT|PATCH|DELETE|ALL)$/.test(key));
      if (!methods.length) missing.push(`${file}: exports no method`);
      for (const method of methods) {
        const listed = ROUTES.some((r) => r.file === file && (r.method === method || method === 'ALL'));
        if (!listed) missing.push(`${file} ${method}`);
      }
    }
    expect(
      missing,
      'declare these routes in src/shared/api/routes, with an example in tests/support/route-examples.ts (better-auth endpoints: tests/support/better-auth-routes.ts)',
    ).toEqual([]);
    // And no route is served at a file that is not there.
    expect(ROUTES.filter((r) => !files.includes(r.file)).map((r) => `${r.method} ${r.path}: no src/pages/api/${r.file}`)).toEqual([]);
  });

  it('has a valid example for every route declared in src/shared/api/routes, and none for a route that is gone', () => {
    // A declared route without an example would never meet a hostile input.
    expect(exampleProblems(fx)).toEqual([]);
  });
});

describe('hostile input on every route: no 5xx, the error shape, nothing stored', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path}`, async () => {
      const handler = await route.load();
      const failures: string[] = [];
      const cases = casesFor(route);
      requests += cases.length;
      // Nothing else writes between cases, so one case's "after" is the next one's "before".
      let after = await fingerprint();
      for (const c of cases) {
        const before = after;
        const res = await run(route, handler, c);
        after = await fingerprint();
        const what = `${c.who}, ${c.label}: ${res.status} ${res.bytes.toString('utf8').slice(0, 160)}`;
        if (res.status >= 500) failures.push(`5xx — ${what}`);
        if (res.status >= 300 && !hasErrorShape(res.body)) failures.push(`no error shape — ${what}`);
        if (c.status !== undefined && res.status !== c.status) failures.push(`expected ${c.status} — ${what}`);
        // A 2xx that stores nothing is fine (removing what is not there); only the spec's lenient fields may store.
        if (!c.lenient && before !== after) failures.push(`stored something — ${what}`);
      }
      expect(failures, `${failures.length} of ${cases.length} cases`).toEqual([]);
    }, 240_000); // the product form's hundreds of cases, on a machine shared by the whole suite
  }
});

describe('the table’s examples are valid (so the hostile variants above differ from a valid request in one thing)', () => {
  const ordered = [...ROUTES.filter((r) => !r.destructive), ...ROUTES.filter((r) => r.destructive)];
  it('each example, as its owner, succeeds (or answers its declared status)', async () => {
    const wrong: string[] = [];
    for (const route of ordered) {
      const handler = await route.load();
      const c: Case = { label: 'valid', who: 'owner', params: route.params?.(fx) ?? {}, query: route.query?.(fx) ?? {}, options: validBody(route) };
      const res = await run(route, handler, c);
      const ok = route.expect ? res.status === route.expect.status : res.status >= 200 && res.status < 300;
      if (!ok) wrong.push(`${route.method} ${route.path}: ${res.status} ${res.bytes.toString('utf8').slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });
});
