/**
 * The node server (scripts/lib/serve.ts SiteServer, in this process) over a build whose client
 * folder it lists once when it loads it (scripts/lib/static-serve.ts ClientListing, issue 30):
 * a path that names no file of the build is answered the build's 404 page with no file-system
 * call for it (the `fs` functions the server could use are wrapped and their paths recorded);
 * a file of the build costs its stat, so one rewritten in place is served new at once and one
 * removed is not served; a file that appears in the folder after the build was loaded is served
 * once a build that holds it is loaded. The build is a stub (a client folder, the route
 * patterns, an adapter handler that answers 'adapter'), as in hostile-paths.test.ts: the
 * server's own path, not Astro's.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SiteServer } from '@/scripts/lib/serve';
import { removeStaticFile, writeStaticFile } from '@/scripts/lib/static-files';
import { StaticFiles } from '@/scripts/lib/static-serve';

const NOT_FOUND_PAGE = '<!doctype html><html><head><title>Page not found</title></head><body><h1>404</h1></body></html>';
const page = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body>${'<p>a page of the build</p>'.repeat(80)}</body></html>`;

let root: string;
let site: SiteServer;
let port: number;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A stub build in `<root>/<name>`: its client files, route patterns (products and the API only) and adapter handler. */
function makeBuild(name: string, files: Record<string, string>): string {
  const outDir = path.join(root, name);
  fs.mkdirSync(path.join(outDir, 'server'), { recursive: true });
  writeStaticFile(path.join(outDir, 'client', '404.html'), NOT_FOUND_PAGE);
  for (const [relative, body] of Object.entries(files)) writeStaticFile(path.join(outDir, 'client', relative), body);
  fs.writeFileSync(
    path.join(outDir, 'route-patterns.json'),
    JSON.stringify({
      patterns: [
        { source: '^\\/product\\/([^/]+?)\\/?$', flags: '' },
        { source: '^\\/api\\/.*$', flags: '' },
      ],
    }),
  );
  fs.writeFileSync(
    path.join(outDir, 'server', 'entry.mjs'),
    `export const handler = (req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('adapter');
};
`,
  );
  return outDir;
}

/**
 * Every path the `fs` functions a server can reach a file with are called with, while `work`
 * runs (the synchronous, callback and promise forms of stat, lstat, open, read, access, exists).
 */
async function fsPathsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const spies = [
    ...(
      ['statSync', 'lstatSync', 'openSync', 'readFileSync', 'existsSync', 'accessSync', 'stat', 'lstat', 'open', 'readFile', 'access', 'exists'] as const
    ).map((name) => vi.spyOn(fs, name as 'statSync')),
    ...(['stat', 'lstat', 'open', 'readFile', 'access'] as const).map((name) => vi.spyOn(fs.promises, name as 'stat')),
  ];
  try {
    await work();
    for (const spy of spies) for (const call of spy.mock.calls) seen.push(String(call[0]));
    return seen;
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-files-listed-'));
  site = new SiteServer({ https: false });
  await site.swap(makeBuild('first', { 'about/index.html': page('About'), 'robots.txt': 'User-agent: *\n' }));
  await site.listen(0, '127.0.0.1');
  port = (site.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => site?.server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

afterEach(() => vi.restoreAllMocks());

describe('a path that names no file of the build', () => {
  it('is the 404 page from memory, with no stat or open of the path', async () => {
    const unknown = ['/no-such-page', '/no/such/page/', '/about/no-such-file.css', `/${'x'.repeat(300)}`];
    const answers: Answer[] = [];
    const touched = await fsPathsDuring(async () => {
      for (const pathname of unknown) answers.push(await request(pathname, { 'accept-encoding': 'br, gzip' }));
    });
    unknown.forEach((pathname, i) => {
      expect(answers[i]!.status, pathname).toBe(404);
      expect(answers[i]!.body.toString(), pathname).toBe(NOT_FOUND_PAGE);
    });
    expect(touched.filter((p) => p.includes('no-such') || p.includes('xxxx'))).toEqual([]);
    // Nothing under the build's folder at all: the 404 page is in memory.
    expect(touched.filter((p) => p.startsWith(root))).toEqual([]);
  });

  it("while a file of the build is stat'ed on each request (the wrapping sees the server's calls)", async () => {
    let answer: Answer | undefined;
    const touched = await fsPathsDuring(async () => (answer = await request('/about', { 'accept-encoding': 'br' })));
    expect(answer!.status).toBe(200);
    expect(answer!.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(answer!.body).toString()).toBe(page('About'));
    expect(touched).toContain(path.join(root, 'first', 'client', 'about', 'index.html'));
  });
});

describe('the files of a build', () => {
  it('a file rewritten in place is served new at once, with new validators; one removed is not served', async () => {
    const file = path.join(root, 'first', 'client', 'robots.txt');
    const before = await request('/robots.txt');
    expect(before.body.toString()).toBe('User-agent: *\n');
    expect((await request('/robots.txt', { 'if-none-match': before.headers['etag']! })).status).toBe(304);

    writeStaticFile(file, 'User-agent: *\nDisallow: /studio\n');
    const after = await request('/robots.txt');
    expect(after.status).toBe(200);
    expect(after.body.toString()).toBe('User-agent: *\nDisallow: /studio\n');
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    expect((await request('/robots.txt', { 'if-none-match': before.headers['etag']! })).status).toBe(200);

    removeStaticFile(file);
    const gone = await request('/robots.txt');
    expect(gone.status).toBe(404);
    expect(gone.body.toString()).toBe(NOT_FOUND_PAGE);
  });

  it('a file added to the folder after the build was loaded is served once a build that holds it is loaded', async () => {
    writeStaticFile(path.join(root, 'first', 'client', 'guide', 'index.html'), page('Guide'));
    // Not part of the build that was loaded: its folder was listed then.
    expect((await request('/guide')).status).toBe(404);

    await site.swap(
      makeBuild('second', { 'about/index.html': page('About'), 'guide/index.html': page('Guide'), 'security.txt': 'Contact: mailto:security@example.com\n' }),
    );
    for (const pathname of ['/guide', '/guide/']) {
      const answer = await request(pathname, { 'accept-encoding': 'gzip' });
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers['content-encoding'], pathname).toBe('gzip');
      expect(answer.headers['content-type'], pathname).toBe('text/html; charset=utf-8');
      expect(zlib.gunzipSync(answer.body).toString(), pathname).toBe(page('Guide'));
    }
    const text = await request('/security.txt');
    expect(text.status).toBe(200);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    // The first build's robots.txt was removed above, and the second has none.
    expect((await request('/robots.txt')).status).toBe(404);
  });
});

describe('a file read after its stat', () => {
  /** A server over one file whose stats are `stale` when asked: through send(), or sendStored() as a stored page is (its variants known: none). */
  async function serveStale(way: 'send' | 'sendStored') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-after-stat-'));
    const files = new StaticFiles(dir);
    const file = path.join(dir, 'notes.txt');
    const state: { stale?: fs.Stats; failures: string[] } = { failures: [] };
    const server = http.createServer((req, res) => {
      if (way === 'send') {
        void files.send(req, res, req.url!, { file, stats: state.stale! });
        return;
      }
      const taken = files.sendStored(req, res, req.url!, { file, stats: state.stale!, variants: {} }, undefined, (error) => {
        state.failures.push(String(error.code));
        res.writeHead(410).end('gone');
      });
      if (!taken) res.writeHead(500).end('not taken');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const at = (server.address() as AddressInfo).port;
    const get = () =>
      new Promise<Answer>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: at, path: '/notes.txt' }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const close = () => {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    return { file, state, get, close };
  }

  for (const way of ['send', 'sendStored'] as const) {
    it(`is sent whole with its own length when it grew or shrank in between (${way})`, async () => {
      const { file, state, get, close } = await serveStale(way);
      try {
        for (const [before, after] of [
          ['short', 'a good deal longer than it was'],
          ['a good deal longer than it will be', 'short'],
        ] as const) {
          fs.writeFileSync(file, before);
          state.stale = fs.statSync(file);
          fs.writeFileSync(file, after);
          const answer = await get();
          expect(answer.status).toBe(200);
          expect(answer.body.toString()).toBe(after);
          expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(after)));
        }
      } finally {
        close();
      }
    });
  }

  it('a stored page whose file went away before its read is handed back to the caller, nothing written', async () => {
    const { file, state, get, close } = await serveStale('sendStored');
    try {
      fs.writeFileSync(file, 'a stored page');
      state.stale = fs.statSync(file);
      fs.rmSync(file);
      const answer = await get();
      // The caller's own answer (the server renders the page as one not stored).
      expect(answer.status).toBe(410);
      expect(state.failures).toEqual(['ENOENT']);
      // Nothing of the lost file was kept: written again with the same stats, it is read anew.
      fs.writeFileSync(file, 'a stored page');
      state.stale = fs.statSync(file);
      const again = await get();
      expect(again.status).toBe(200);
      expect(again.body.toString()).toBe('a stored page');
    } finally {
      close();
    }
  });
});
