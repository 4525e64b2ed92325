/**
 * A real HTTP server on 127.0.0.1 that receives webhook deliveries in tests: it records every
 * request (headers and raw body) and answers with whatever `respond` says for its path, so a
 * test can make an endpoint fail, succeed or answer slowly. Reaching it needs the test-only
 * OUTBOUND_ALLOW_HOSTS=127.0.0.1:<port> (docs/decisions/027).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface ReceiverAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Holds the answer until this settles (then `delayMs`): a test decides when a slow endpoint
   * answers, instead of betting that its next steps take less than a fixed delay. */
  heldUntil?: Promise<unknown>;
}

export interface WebhookReceiver {
  port: number;
  url(path: string): string;
  received: ReceivedWebhook[];
  /** What to answer on `path` (default 200 "ok"). */
  answer(path: string, answer: ReceiverAnswer | ((request: ReceivedWebhook) => ReceiverAnswer)): void;
  on(path: string): ReceivedWebhook[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const answers = new Map<string, ReceiverAnswer | ((request: ReceivedWebhook) => ReceiverAnswer)>();
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      const entry: ReceivedWebhook = { path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(entry);
      const configured = answers.get(path) ?? { status: 200, body: 'ok' };
      const answer = typeof configured === 'function' ? configured(entry) : configured;
      const send = () =>
        setTimeout(() => {
          response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
          response.end(answer.body ?? '');
        }, answer.delayMs ?? 0);
      if (answer.heldUntil) void answer.heldUntil.finally(send);
      else send();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    url: (path) => `http://127.0.0.1:${actual}${path}`,
    received,
    answer: (path, answer) => void answers.set(path, answer),
    on: (path) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
