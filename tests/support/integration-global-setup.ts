/**
 * Once per integration run, before any test file:
 * - with DATABASE_URL set, the local WebSocket proxy through which the production driver
 *   reaches that PostgreSQL;
 * - the migrated template every test file's database starts from (tests/support/test-db.ts):
 *   the migrations run once per run, not once per file (docs/decisions/046).
 * The test files run in forked workers started after this, which inherit process.env.
 */
import { createTemplate, TEMPLATE_ENV } from './test-db';
import { startWsProxy, type WsProxy } from './ws-proxy';

let proxy: WsProxy | undefined;
let template: Awaited<ReturnType<typeof createTemplate>> | undefined;

export async function setup(): Promise<void> {
  if (process.env['DATABASE_URL'] && !process.env['DATABASE_WS_PROXY']) {
    proxy = await startWsProxy();
    process.env['DATABASE_WS_PROXY'] = proxy.address;
  }
  const started = Date.now();
  template = await createTemplate();
  process.env[TEMPLATE_ENV] = template.value;
  console.log(`[integration] template database ${template.value} migrated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export async function teardown(): Promise<void> {
  await template?.remove();
  await proxy?.close();
}
