/**
 * The body limit over real HTTP against the real server (`npm start`'s scripts/start.ts on a
 * free port and its own data folder): a 200 MB body, declared or streamed without a length,
 * is refused with 413 PAYLOAD_TOO_LARGE once the path's limit is passed, the server's memory
 * stays flat, and bodies under the limit, chunked ones included, still reach the routes
 * (docs/decisions/010). The in-process cases of every route are in hostile-input.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '@/functions/_shared/body-limit';
import { freePort } from '@/scripts/lib/free-port';
import { TEST_OUT_DIR } from '../support/test-build';
import { waitForServer } from '../support/wait-for-server';

const MB = 1024 * 1024;
const DATA_DIR = path.join('.test-data', `body-limit-${process.pid}`);
// Kept between runs: start.ts reuses a build whose sources and content have not changed.
const OUT_DIR = TEST_OUT_DIR;

let server: ChildProcess;
let port: number;
let origin: string;

/** The server's resident memory, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
}

interface Sent {
  status: number;
  body: any;
  /** Bytes written before the server answered or closed the connection. */
  written: number;
}

/**
 * POSTs `total` bytes (a JSON object padded with 'a'), with a Content-Length or chunked, and
 * stops writing as soon as the server answers or closes the connection.
 */
function post(pathname: string, total: number, options: { declared: boolean; json?: string; prefix?: string }): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { origin, 'content-type': 'application/json' };
    if (options.declared) headers['content-length'] = String(options.json ? Buffer.byteLength(options.json) : total);
    const req = http.request({ host: 'localhost', port, path: pathname, method: 'POST', headers });
    let written = 0;
    let answered = false;
    let closed = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null, written });
      });
    });
    req.on('error', (error) => {
      closed = true;
      // The server closes the connection after its 413: what counts is the answer it sent.
      if (!answered) reject(error);
    });
    req.on('close', () => (closed = true));
    if (options.json !== undefined) {
      req.end(options.json);
      return;
    }
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    void (async () => {
      req.write(options.prefix ?? '{"pad":"');
      while (!answered && !closed && written < total) {
        written += chunk.byteLength;
        if (!req.write(chunk)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              for (const event of ['drain', 'close', 'response']) req.off(event, done);
              resolve();
            };
            for (const event of ['drain', 'close', 'response']) req.on(event, done);
          });
        }
      }
      if (!closed && !answered) req.end('"}');
    })();
  });
}

beforeAll(async () => {
  port = await freePort();
  origin = `http://localhost:${port}`;
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATABASE_WS_PROXY: '',
      PORT: String(port),
      HOST: 'localhost',
      SITE_URL: origin,
      DATA_DIR,
      OUT_DIR,
      AUTH_RATE_LIMIT_SCALE: '50',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  server.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  await waitForServer(server, () => output.includes('toolmint is running'), { waitingFor: "'toolmint is running'", output: () => output, timeout: 240_000 });
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

describe('a 200 MB body to the real server', () => {
  it('is refused from its Content-Length (view) and while streaming (sign-in), and the server memory stays flat', async () => {
    const products = (await (await fetch(`${origin}/api/products?limit=1`)).json()) as { items: { id: string }[] };
    const viewPath = `/api/products/${products.items[0]!.id}/view`;
    // Warm the routes up, so the measurement is of the bodies, not of first-use loading.
    expect((await post(viewPath, 0, { declared: true, json: '{}' })).status).toBe(204);
    expect((await post('/api/auth/sign-in/email', 0, { declared: true, json: '{"email":"nobody@example.com","password":"wrong-password"}' })).status).toBe(401);
    const before = rssOf(server.pid!);

    const declared = await post(viewPath, 200 * MB, { declared: true });
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' } });

    const streamed = await post('/api/auth/sign-in/email', 200 * MB, { declared: false });
    expect(streamed.status).toBe(413);
    expect(streamed.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    // Cut off near the limit, not read to the end (the socket is closed; some bytes are in flight).
    expect(streamed.written).toBeLessThan(100 * MB);

    const after = rssOf(server.pid!);
    console.log(
      `[body-limit] server RSS ${(before / MB).toFixed(0)} MB -> ${(after / MB).toFixed(0)} MB; streamed ${(streamed.written / MB).toFixed(1)} MB before the 413`,
    );
    expect(after - before).toBeLessThan(100 * MB);

    // The server still answers.
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  });

  it('passes bodies under the limit to the routes, chunked ones included', async () => {
    const products = (await (await fetch(`${origin}/api/products?limit=1`)).json()) as { items: { id: string }[] };
    // Chunked (no Content-Length), 200 KB: read by the server, handed to Astro, answered by the route.
    const chunkedView = await post(`/api/products/${products.items[0]!.id}/view`, 200 * 1024, { declared: false, prefix: '{"type":"bogus","pad":"' });
    // The route read the body and refused its type: the body reached it whole.
    expect(chunkedView.status).toBe(400);
    expect(chunkedView.body.error.fields).toHaveProperty('type');
    // Just under the limit with a Content-Length: the route answers, not the limit.
    const padded = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password', pad: 'a'.repeat(JSON_BODY_LIMIT - 200) });
    expect(Buffer.byteLength(padded)).toBeLessThanOrEqual(JSON_BODY_LIMIT);
    const signIn = await post('/api/auth/sign-in/email', 0, { declared: true, json: padded });
    expect(signIn.status).toBe(401);
  });
});
