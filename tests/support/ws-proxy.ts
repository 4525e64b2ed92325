/**
 * A WebSocket-to-TCP proxy so the production driver (@neondatabase/serverless) can talk to
 * a plain PostgreSQL server, as Neon's own proxy does in production. Each WebSocket
 * connection carries raw Postgres protocol bytes to `?address=host:port`.
 * Used by the integration tests and .ci/run; never in production.
 */
import net from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface WsProxy {
  port: number;
  /** Value for DATABASE_WS_PROXY. */
  address: string;
  close(): Promise<void>;
}

const ALLOWED_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

function pipe(ws: WebSocket, target: string): void {
  const [host = '', portText = '5432'] = target.split(':');
  // Loopback only: this proxy exists to reach the local test PostgreSQL.
  if (!ALLOWED_HOSTS.has(host)) {
    ws.close(1008, 'address not allowed');
    return;
  }
  const socket = net.connect({ port: Number(portText), host, noDelay: true });
  const pending: Buffer[] = [];
  let connected = false;
  socket.on('connect', () => {
    connected = true;
    for (const chunk of pending.splice(0)) socket.write(chunk);
  });
  socket.on('data', (data) => ws.readyState === ws.OPEN && ws.send(data));
  socket.on('close', () => ws.close());
  socket.on('error', () => ws.close());
  ws.on('message', (data: Buffer) => (connected ? socket.write(data) : pending.push(data)));
  ws.on('close', () => socket.destroy());
  ws.on('error', () => socket.destroy());
}

export async function startWsProxy(port = 0): Promise<WsProxy> {
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  server.on('connection', (ws, req) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    pipe(ws, url.searchParams.get('address') ?? '127.0.0.1:5432');
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const actual = (server.address() as net.AddressInfo).port;
  return {
    port: actual,
    address: `127.0.0.1:${actual}/v2`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

// `tsx tests/support/ws-proxy.ts [port]` runs it standalone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const proxy = await startWsProxy(Number(process.argv[2] ?? 0));
  console.log(`ws proxy listening: DATABASE_WS_PROXY=${proxy.address}`);
}
