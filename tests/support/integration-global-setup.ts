/**
 * With DATABASE_URL set, the integration tests use the production driver against that
 * PostgreSQL through a local WebSocket proxy (started here, once for the run).
 */
import { startWsProxy, type WsProxy } from './ws-proxy';

let proxy: WsProxy | undefined;

export async function setup(): Promise<void> {
  if (process.env['DATABASE_URL'] && !process.env['DATABASE_WS_PROXY']) {
    proxy = await startWsProxy();
    process.env['DATABASE_WS_PROXY'] = proxy.address;
  }
}

export async function teardown(): Promise<void> {
  await proxy?.close();
}
