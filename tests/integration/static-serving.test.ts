/**
 * The node server's static files over real HTTP against `npm start` (scripts/start.ts on a
 * free port, its own data folder, the demo data): the precompressed variant the client
 * accepts, ETag and 304, caching per kind of file, paths that must never reach the disk, and
 * the blob route's ETag, 304 and immutable product images (docs/decisions/017). A file of the
 * build rewritten in place, and one added by a new build: build-files-listed.test.ts. Requests go through node:http, which sends
 * paths as written and never decompresses.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/scripts/lib/free-port';
import { pageStoreDir } from '@/scripts/lib/page-store';
import { ORIGIN_FILES } from '@/scripts/lib/astro-build';
import { BUILD_ORIGIN } from '@/functions/_shared/site-origin';
import { TEST_OUT_DIR } from '../support/test-build';
import { waitForServer } from '../support/wait-for-server';

const DATA_DIR = path.resolve('.test-data', `static-serving-${process.pid}`);
// Kept between runs: start.ts reuses a build whose sources and content have not changed.
const OUT_DIR = TEST_OUT_DIR;
const CLIENT = path.join(OUT_DIR, 'client');
/** The catalogue pages' store (docs/decisions/015): /marketplace is pages/marketplace.html. */
const PAGES = pageStoreDir(DATA_DIR);

let server: ChildProcess;
let port: number;
let output = '';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: 'localhost', port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const file = (relative: string) => fs.readFileSync(path.join(CLIENT, relative));
const stored = (relative: string) => fs.readFileSync(path.join(PAGES, relative));

beforeAll(async () => {
  port = await freePort();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: '', DATABASE_WS_PROXY: '', PORT: String(port), HOST: 'localhost', SITE_URL: '', DATA_DIR, OUT_DIR },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Up, with the catalogue pages in the page store.
  await waitForServer(server, () => /\[pages\] (rendered|catalogue pages current)/.test(output), {
    waitingFor: 'its catalogue pages',
    output: () => output,
    timeout: 280_000,
  });
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
}, 30_000);

describe('precompressed pages', () => {
  it('the build and the page store wrote brotli and gzip variants of the pages and assets', () => {
    const page = stored('marketplace.html');
    expect(zlib.brotliDecompressSync(stored('marketplace.html.br')).equals(page)).toBe(true);
    expect(zlib.gunzipSync(stored('marketplace.html.gz')).equals(page)).toBe(true);
    const terms = file('terms/index.html');
    expect(zlib.brotliDecompressSync(file('terms/index.html.br')).equals(terms)).toBe(true);
    const script = fs
      .readdirSync(path.join(CLIENT, '_astro'))
      .find((name) => name.endsWith('.js') && fs.statSync(path.join(CLIENT, '_astro', name)).size >= 1024);
    expect(fs.existsSync(path.join(CLIENT, '_astro', `${script}.br`))).toBe(true);
  });

  it('fills its own origin into the prebuilt pages that name it, in every encoding, once at load (one build serves any port)', async () => {
    const origin = `http://localhost:${port}`;
    // On disk the build names no origin, only the placeholder (functions/_shared/site-origin.ts).
    expect(file('terms/index.html').toString()).toContain(`<link rel="canonical" href="${BUILD_ORIGIN}/terms">`);
    expect(JSON.parse(fs.readFileSync(path.join(OUT_DIR, ORIGIN_FILES), 'utf8'))).toEqual(expect.arrayContaining(['terms/index.html', 'robots.txt']));
    const plain = await request('/terms');
    const br = await request('/terms', { 'accept-encoding': 'br' });
    const gzip = await request('/terms', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const html of [plain.body, zlib.brotliDecompressSync(br.body), zlib.gunzipSync(gzip.body)].map(String)) {
      expect(html).toContain(`<link rel="canonical" href="${origin}/terms">`);
      expect(html).not.toContain(BUILD_ORIGIN);
    }
    expect(String((await request('/robots.txt')).body)).toContain(`Sitemap: ${origin}/sitemap.xml`);
    // The 404 page names no origin (a noindex page has no canonical URL), so Astro may send it from disk.
    expect(String((await request('/no-such-page')).body)).not.toContain(BUILD_ORIGIN);
    // Revalidation works on the filled bytes.
    expect((await request('/terms', { 'if-none-match': String(plain.headers['etag']) })).status).toBe(304);
  });

  it('sends the brotli file when br is accepted, gzip when only gzip is, the plain file otherwise', async () => {
    const cases: [string | undefined, string | undefined, string][] = [
      ['br, gzip', 'br', 'marketplace.html.br'],
      ['gzip, deflate, br, zstd', 'br', 'marketplace.html.br'],
      ['gzip', 'gzip', 'marketplace.html.gz'],
      ['br;q=0, gzip', 'gzip', 'marketplace.html.gz'],
      ['gzip;q=1, br;q=0.5', 'gzip', 'marketplace.html.gz'],
      ['*', 'br', 'marketplace.html.br'],
      ['br;q=0, gzip;q=0', undefined, 'marketplace.html'],
      ['identity', undefined, 'marketplace.html'],
      [undefined, undefined, 'marketplace.html'],
    ];
    for (const [accept, encoding, expected] of cases) {
      const res = await request('/marketplace', accept === undefined ? {} : { 'accept-encoding': accept });
      expect(res.status, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBe(encoding);
      expect(res.headers['vary'], String(accept)).toBe('Accept-Encoding');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-length']).toBe(String(res.body.byteLength));
      expect(res.body.equals(stored(expected)), String(accept)).toBe(true);
    }
  });

  it('answers /x, /x/ and /x/index.html with the same page, and HEAD with its headers only', async () => {
    const br = { 'accept-encoding': 'br' };
    const plain = await request('/tools/chatgpt', br);
    expect(plain.status).toBe(200);
    expect(plain.body.equals(stored('tools/chatgpt.html.br'))).toBe(true);
    for (const pathname of ['/tools/chatgpt/', '/tools/chatgpt/index.html', '/tools/chatgpt?ref=x']) {
      const res = await request(pathname, br);
      expect(res.status, pathname).toBe(200);
      expect(res.body.equals(plain.body), pathname).toBe(true);
      expect(res.headers['content-security-policy'], pathname).toBe(plain.headers['content-security-policy']);
    }
    expect(plain.headers['content-security-policy']).toContain("'sha256-");
    const home = await request('/', br);
    expect(home.body.equals(stored('index.html.br'))).toBe(true);
    const head = await request('/marketplace', br, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(head.headers['content-length']).toBe(String(stored('marketplace.html.br').byteLength));
    expect(head.headers['content-encoding']).toBe('br');
  });

  it('serves a published product page from its stored file (stored when first asked for, docs/decisions/064)', async () => {
    const listed = JSON.parse((await request('/api/products')).body.toString()) as { items: { id: string }[] };
    const id = listed.items[0]?.id;
    expect(id).toBeDefined();
    const res = await request(`/product/${id}`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.body.equals(stored(`product/${id}.html.br`))).toBe(true);
  });
});

describe('caching', () => {
  it('pages must revalidate; an ETag of each encoding answers 304, and the page keeps its own policy', async () => {
    const first = await request('/marketplace', { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers['etag']!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['last-modified']).toBeDefined();

    const again = await request('/marketplace', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers['etag']).toBe(etag);
    expect(again.headers['vary']).toBe('Accept-Encoding');
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(again.headers['content-security-policy']).toContain("'sha256-");
    expect(again.headers['x-frame-options']).toBe('DENY');

    // A weak tag names the content: the gzip and plain bytes of the page share it.
    const gzip = await request('/marketplace', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['etag']).toBe(etag);
    const anyOf = await request('/marketplace', { 'accept-encoding': 'gzip', 'if-none-match': `"other", ${etag}` });
    expect(anyOf.status).toBe(304);
    expect((await request('/marketplace', { 'if-none-match': etag })).status).toBe(304);
    const stale = await request('/marketplace', { 'accept-encoding': 'br', 'if-none-match': 'W/"0-0-br"' });
    expect(stale.status).toBe(200);

    const since = await request('/marketplace', { 'accept-encoding': 'br', 'if-modified-since': first.headers['last-modified']! });
    expect(since.status).toBe(304);
  });

  it('hashed /_astro assets are immutable for a year, with their type and the no-page policy', async () => {
    const script = fs.readdirSync(path.join(CLIENT, '_astro')).find((name) => name.endsWith('.js'))!;
    const res = await request(`/_astro/${script}`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    const revalidated = await request(`/_astro/${script}`, { 'accept-encoding': 'br, gzip', 'if-none-match': res.headers['etag']! });
    expect(revalidated.status).toBe(304);
  });

  it('public files outside /_astro revalidate', async () => {
    const robots = await request('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    const sitemap = await request('/sitemap.xml', { 'accept-encoding': 'br' });
    expect(sitemap.headers['content-type']).toBe('application/xml');
    expect(sitemap.body.equals(stored('sitemap.xml.br'))).toBe(true);
  });
});

describe('paths that must never reach the disk', () => {
  it('answers 400 or 404, never a file outside the client folder', async () => {
    const outside = [fs.readFileSync(path.join(OUT_DIR, 'page-csp.json')), fs.readFileSync(path.join(OUT_DIR, 'server', 'entry.mjs'))];
    const attempts = [
      '/../page-csp.json',
      '/../../../../etc/passwd',
      '/%2e%2e/page-csp.json',
      '/%2E%2E/%2E%2E/%2E%2E/etc/passwd',
      '/_astro/..%2f..%2fpage-csp.json',
      '/_astro/%2e%2e%2f%2e%2e%2fpage-csp.json',
      '/..%5c..%5cpage-csp.json',
      '/marketplace%2findex.html',
      '/marketplace/index.html%00',
      '/marketplace/%00/../index.html',
      '/%00',
      '/.%2e/server/entry.mjs',
      '/./marketplace/./index.html',
      '/tools/../../server/entry.mjs',
      '/.toolmint-build',
    ];
    for (const pathname of attempts) {
      const res = await request(pathname, { 'accept-encoding': 'br, gzip' });
      expect([400, 404], pathname).toContain(res.status);
      const body =
        res.headers['content-encoding'] === 'br'
          ? zlib.brotliDecompressSync(res.body)
          : res.headers['content-encoding'] === 'gzip'
            ? zlib.gunzipSync(res.body)
            : res.body;
      expect(body.toString(), pathname).not.toMatch(/root:.*:0:0:/);
      for (const secret of outside) expect(body.equals(secret), pathname).toBe(false);
      expect(res.headers['x-content-type-options'], pathname).toBe('nosniff');
    }
    expect(output).not.toMatch(/request failed/);
  });
});

describe('blobs', () => {
  it('product images: ETag, 304 and immutable; avatars: ETag, 304 and an hour', async () => {
    const html = (await request('/marketplace')).body.toString();
    const image = /src="(\/blobs\/products\/[^"]+)"/.exec(html)?.[1];
    expect(image).toBeDefined();
    const res = await request(image!);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = res.headers['etag']!;
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidated = await request(image!, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.byteLength).toBe(0);
    expect(revalidated.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(image!, { 'if-none-match': 'W/"something-else"' })).status).toBe(200);

    const avatar = /\/blobs\/avatars\/[A-Za-z0-9_-]+\/avatar\.[a-z]+/.exec(html)?.[0];
    expect(avatar).toBeDefined();
    const avatarRes = await request(avatar!);
    expect(avatarRes.status).toBe(200);
    expect(avatarRes.headers['cache-control']).toBe('public, max-age=3600');
    expect((await request(avatar!, { 'if-none-match': avatarRes.headers['etag']! })).status).toBe(304);

    expect((await request('/blobs/products/nobody/product-main-1700000000000-0.webp')).status).toBe(404);
  });
});

describe('on-demand answers', () => {
  it('are still compressed as they are rendered', async () => {
    const feed = await request('/tool-updates/feed.xml', { 'accept-encoding': 'br, gzip' });
    expect(feed.status).toBe(200);
    expect(feed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(feed.body).toString()).toContain('<feed');
  });
});
