/**
 * The API contract (issue 14, docs/decisions/024), checked from outside:
 * - every route file under src/pages/api serves only routes declared in src/shared/api/routes
 *   (made by endpoint()) at the path of its file, and each of them is in /api/openapi.json;
 * - every declared route, called with its valid example (tests/support/route-table.ts joins
 *   each declaration to its example in tests/support/route-examples.ts, the same examples the
 *   hostile-input suite starts from), answers a status its operation in /api/openapi.json
 *   documents, with a body that the document's own JSON Schema accepts.
 * Real requests through src/middleware.ts against a real database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { LocalBlobStore, setBlobStore } from '@/functions/_shared/blob-store';
import { routeOf } from '@/functions/_shared/endpoint';
import type { OpenApiDocument } from '@/functions/api/openapi';
import type { RouteSpec } from '@/src/shared/api/contract';
import { API_ROUTES } from '@/src/shared/api/routes';
import { call } from '../support/api';
import { BETTER_AUTH_FILE } from '../support/better-auth-routes';
import { buildRouteFixtures, type RouteFixtures } from '../support/route-fixtures';
import { exampleProblems, pathOf, ROUTES, sessionFor, UNROUTED_FILE, validBody, type Handler } from '../support/route-table';
import { createTestDb, type TestDb } from '../support/test-db';

vi.hoisted(() => {
  process.env['RATE_LIMIT_SCALE'] = '1000';
  // The fixtures' webhook endpoint (tests/support/route-fixtures.ts): accepted, and nothing listens there.
  process.env['OUTBOUND_ALLOW_HOSTS'] = '127.0.0.1:9';
});

const API_ROOT = path.resolve('src/pages/api');

let t: TestDb;
let fx: RouteFixtures;
let blobRoot: string;
let doc: OpenApiDocument;

/** `me/products/[id].ts` -> `/api/me/products/{id}`; `studio/earnings.csv.ts` -> `/api/studio/earnings.csv`. */
function pathOfFile(file: string): string {
  const route = file
    .replace(/\.ts$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/\[([^\]]+)\]/g, '{$1}');
  return `/api${route ? `/${route}` : ''}`;
}

function routeFiles(): string[] {
  return (
    (fs.readdirSync(API_ROOT, { recursive: true }) as string[])
      .filter((f) => /\.ts$/.test(f))
      .map((f) => f.split(path.sep).join('/'))
      // better-auth's own routes (one catch-all file): its contract, not ours (docs/decisions/024);
      // and the /api addresses no route matches, answered 404 (functions/api/route-methods.ts).
      .filter((f) => f !== BETTER_AUTH_FILE && f !== UNROUTED_FILE)
      .sort()
  );
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-contract-'));
  const blobs = new LocalBlobStore(blobRoot);
  setBlobStore(blobs);
  fx = await buildRouteFixtures(t, blobs);
  const module = (await import('@/src/pages/api/openapi.json')) as { GET: Handler };
  const res = await call(module.GET, '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body as OpenApiDocument;
});

afterAll(async () => {
  resetAuth();
  await closeDb();
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

describe('every route is declared and documented', () => {
  it('each method a route file exports is made by endpoint() from a declared route at the path of its file, and documented', async () => {
    const problems: string[] = [];
    const served = new Set<string>();
    for (const file of routeFiles()) {
      const module = (await import(/* @vite-ignore */ path.join(API_ROOT, file))) as Record<string, unknown>;
      for (const method of Object.keys(module).filter((key) => /^(GET|POST|PUT|PATCH|DELETE|ALL)$/.test(key))) {
        const route = routeOf(module[method]);
        if (!route) {
          problems.push(`${file} ${method}: not made by endpoint() from a declared route`);
          continue;
        }
        if (!API_ROUTES.includes(route as (typeof API_ROUTES)[number])) problems.push(`${file} ${method}: its route is not in API_ROUTES`);
        if (route.method !== method) problems.push(`${file} ${method}: serves a ${route.method} route`);
        if (route.path !== pathOfFile(file)) problems.push(`${file} ${method}: declared at ${route.path}, served at ${pathOfFile(file)}`);
        if (!doc.paths[route.path]?.[method.toLowerCase()]) problems.push(`${file} ${method}: missing from /api/openapi.json`);
        served.add(`${route.method} ${route.path}`);
      }
    }
    expect(problems).toEqual([]);
    // And nothing is declared (so documented) that no file serves.
    expect(API_ROUTES.map((r) => `${r.method} ${r.path}`).filter((key) => !served.has(key))).toEqual([]);
  });

  it('has one operationId per operation, and every operation has an example its own schemas accept', () => {
    const ids = API_ROUTES.map((r) => r.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const refused: string[] = [];
    for (const route of API_ROUTES as readonly RouteSpec[]) {
      const { params, query, body } = route.example ?? {};
      if (route.params && !route.params.safeParse(params ?? {}).success) refused.push(`${route.operationId}: example params`);
      if (route.query && !route.query.safeParse(query ?? {}).success) refused.push(`${route.operationId}: example query`);
      if (route.body?.kind === 'json' && !route.body.schema.safeParse(body).success) refused.push(`${route.operationId}: example body`);
    }
    expect(refused).toEqual([]);
  });
});

describe('every documented operation answers as documented', () => {
  it('calls each declared route with its valid example and checks the answer against the document', async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema({ $id: 'toolmint', components: doc.components }, 'toolmint');
    // A declared route without an example is not called: the problem says what to add.
    const problems = exampleProblems(fx);
    const declared = ROUTES.filter((route) => route.operationId);
    // Destructive examples (a DELETE of the spare product) run last.
    const ordered = [...declared.filter((r) => !r.destructive), ...declared.filter((r) => r.destructive)];
    for (const route of ordered) {
      const what = `${route.method} ${route.path}`;
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      if (!op) {
        problems.push(`${what}: missing from /api/openapi.json`);
        continue;
      }
      const handler = await route.load();
      const query = new URLSearchParams(route.query?.(fx) ?? {}).toString();
      const res = await call(handler, `${pathOf(route, route.params?.(fx) ?? {})}${query ? `?${query}` : ''}`, {
        method: route.method,
        session: sessionFor(route, 'owner', fx),
        params: route.params?.(fx) ?? {},
        address: `203.0.113.${randomBytes(1)[0]}`,
        ...validBody(route, fx),
      });
      const documented = op.responses[String(res.status)];
      if (!documented) {
        problems.push(`${what}: answered ${res.status}, which is not documented (${res.bytes.toString('utf8').slice(0, 160)})`);
        continue;
      }
      if (route.expect ? res.status !== route.expect.status : res.status >= 300) {
        problems.push(`${what}: answered ${res.status} to its valid example (${res.bytes.toString('utf8').slice(0, 160)})`);
      }
      const [type, content] = Object.entries(documented.content ?? {})[0] ?? [];
      if (!type) {
        if (res.bytes.length) problems.push(`${what}: documented without a body, answered ${res.bytes.length} bytes`);
        continue;
      }
      if (type !== '*/*' && !(res.headers.get('content-type') ?? '').startsWith(type))
        problems.push(`${what}: answered ${res.headers.get('content-type')}, documented ${type}`);
      if (type === 'application/json') {
        const schema = JSON.parse(JSON.stringify(content!.schema).replaceAll('"#/components/', '"toolmint#/components/')) as object;
        const validate = ajv.compile(schema);
        if (!validate(res.body)) problems.push(`${what}: the answer does not match the document: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
