/**
 * The node server (scripts/lib/serve.ts SiteServer) over real HTTP, on paths that answered 500
 * (issue 29): a 5,000-character segment (statSync threw ENAMETOOLONG) and a control character
 * in a route parameter (Astro.rewrite threw, nothing logged). The build is a stub, a client
 * folder with a 404 page and an adapter handler that records what reaches it, so this tests
 * the server's own checks without the shared build; the real pages are the e2e tests'.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SiteServer } from '@/scripts/lib/serve';

const NOT_FOUND_PAGE = '<!doctype html><html><head><title>Page not found</title></head><body><h1>404</h1></body></html>';

let dir: string;
let site: SiteServer;
let port: number;
/** The stub adapter handler writes each path it is asked for here, one a line. */
let reachedFile: string;
const reachedPaths = () => fs.readFileSync(reachedFile, 'utf8').split('\n').filter(Boolean);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** node:http sends the path as written. */
function request(pathname: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-paths-'));
  fs.mkdirSync(path.join(dir, 'client'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'client', '404.html'), NOT_FOUND_PAGE);
  reachedFile = path.join(dir, 'reached.log');
  fs.writeFileSync(reachedFile, '');
  fs.writeFileSync(
    path.join(dir, 'server', 'entry.mjs'),
    `import fs from 'node:fs';
export const handler = (req, res) => {
  fs.appendFileSync(${JSON.stringify(reachedFile)}, req.url + '\\n');
  if (req.url.startsWith('/boom')) throw new Error('the adapter failed');
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('adapter');
};
`,
  );
  site = new SiteServer({ https: false });
  await site.swap(dir);
  await site.listen(0, '127.0.0.1');
  port = (site.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => site?.server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('paths that may not reach the disk or Astro', () => {
  it('answers the 404 page for a 5,000-character page segment, and 414 URI_TOO_LONG on /api', async () => {
    const long = 'x'.repeat(5000);
    const page = await request(`/product/${long}`);
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toBe(NOT_FOUND_PAGE);

    const api = await request(`/api/products/${long}`);
    expect(api.status).toBe(414);
    expect(JSON.parse(api.body)).toEqual({ error: { code: 'URI_TOO_LONG', message: 'The address is too long' } });
    expect(reachedPaths().filter((p) => p.includes(long))).toEqual([]);
  });

  it('passes a 300-character segment on (over a file name, under the limit): no ENAMETOOLONG 500', async () => {
    const answer = await request(`/product/${'y'.repeat(300)}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('adapter');
  });

  it('answers 404 for a control character in a route parameter: the 404 page, or NOT_FOUND on /api', async () => {
    for (const pathname of ['/tools/a%0ab', '/tools/a%0Db', '/product/%7F', '/tools/claude/%09landing']) {
      const page = await request(pathname);
      expect(page.status, pathname).toBe(404);
      expect(page.body, pathname).toBe(NOT_FOUND_PAGE);
    }
    const api = await request('/api/tools/a%0ab');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body)).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    expect(reachedPaths().filter((p) => /%(0a|0d|7f|09)/i.test(p))).toEqual([]);
  });

  it('keeps bad percent-encoding as before: the 404 page, or 400 on /api', async () => {
    expect((await request('/product/%ZZ')).status).toBe(404);
    const api = await request('/api/products/%ZZ');
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('logs an unexpected error with the method and path, and answers 500 without details', async () => {
    const logged: unknown[][] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
    try {
      const answer = await request('/boom?x=1');
      expect(answer.status).toBe(500);
      expect(answer.body).not.toContain('the adapter failed');
      expect(logged).toHaveLength(1);
      expect(String(logged[0]?.[0])).toContain('GET /boom');
    } finally {
      spy.mockRestore();
    }
  });
});
