/**
 * `npm start` (scripts/start.mjs: the start script bundled, docs/decisions/068) fails with one
 * clear sentence, not a stack trace, on bad configuration; and started on a custom port with no
 * SITE_URL it serves a site whose sign-up works from that origin, with the security headers on
 * every kind of answer (docs/decisions/009), and starts its job worker once it serves.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NON_PAGE_CSP, PERMISSIONS_POLICY, PERMISSIONS_POLICY_WITH_MICROPHONE } from '@/functions/_shared/security-headers';
import { freePort } from '@/scripts/lib/free-port';
import { TEST_OUT_DIR } from '../support/test-build';
import { expectOwnPolicy } from '../support/page-policy';
import { waitForServer } from '../support/wait-for-server';

function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: '', DATABASE_WS_PROXY: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr };
}

/** A port nothing listens on right now. */
const expectOneClearLine = (stderr: string, text: string) => {
  expect(stderr).toContain('toolmint could not start: ');
  expect(stderr).toContain(text);
  expect(stderr).not.toMatch(/^\s+at /m); // no stack trace
};

describe('start-up errors', () => {
  it('an unreachable DATABASE_URL', async () => {
    const { status, stderr } = start({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', PORT: String(await freePort()) });
    expect(status).toBe(1);
    expectOneClearLine(stderr, 'Cannot reach the database at 127.0.0.1:1/none');
  });

  it('a port already in use', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, 'localhost', () => resolve()));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const { status, stderr } = start({ PORT: String(port), HOST: 'localhost', DATA_DIR: 'memory://' });
      expect(status).toBe(1);
      expectOneClearLine(stderr, `Port ${port} on localhost is already in use`);
    } finally {
      blocker.close();
    }
  });

  // As root (CI) permissions do not stop writes, so an unusable folder is made with a file in its place.
  it('a data folder that cannot be created', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-file-')), 'data');
    fs.writeFileSync(file, 'not a folder');
    const { status, stderr } = start({ PORT: String(await freePort()), DATA_DIR: file });
    expect(status).toBe(1);
    expectOneClearLine(stderr, `The data folder ${file}/pglite is not writable`);
  });

  // A real full disk: a 2 MB tmpfs, nearly filled, mounted in a mount namespace of the child's own
  // (unshare, so no privilege and nothing outside the child sees it) as its DATA_DIR (issue 29).
  it('a full disk: names the data folder and its free space, not a WebAssembly abort', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-full-'));
    try {
      const script = 'mount -t tmpfs -o size=2m tmpfs "$0" && head -c 1900000 /dev/zero > "$0/filler" && exec "$1" scripts/start.mjs';
      const result = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', script, dir, process.execPath], {
        cwd: process.cwd(),
        env: { ...process.env, DATABASE_URL: '', DATABASE_WS_PROXY: '', DATA_DIR: dir, PORT: String(await freePort()) },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status, result.stderr).toBe(1);
      expectOneClearLine(result.stderr, `The disk of the data folder ${dir} is full (`);
      expect(result.stderr).toMatch(/is full \(\d+ KB free of 2(\.0)? MB\)/);
      expect(result.stderr).not.toContain('Aborted()');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a custom PORT with no SITE_URL', () => {
  let port = 0;
  let origin = '';
  let server: ChildProcess | undefined;
  let output = '';
  // Inside the project: the built server bundle resolves packages from node_modules.
  let dataDir = '';

  beforeAll(async () => {
    port = await freePort();
    origin = `http://localhost:${port}`;
    dataDir = path.resolve(`.test-data/startup-${port}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    server = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATABASE_WS_PROXY: '',
        SITE_URL: '',
        BETTER_AUTH_SECRET: '',
        PORT: String(port),
        HOST: 'localhost',
        DATA_DIR: dataDir,
        OUT_DIR: TEST_OUT_DIR,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const isUp = () =>
      fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    await waitForServer(server, isUp, { waitingFor: `an answer on ${origin}`, output: () => output, timeout: 280_000, interval: 500 });
  }, 300_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  const post = (pathname: string, body: unknown, from = origin) =>
    fetch(`${origin}${pathname}`, { method: 'POST', headers: { origin: from, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('signs up and signs in from the browser origin of that port', async () => {
    const email = `port-${port}-${Date.now()}@example.com`;
    const password = 'Port-Test-2026!';
    const signUp = await post('/api/auth/sign-up/email', { name: 'Grace Hopper', full_name: 'Grace Hopper', email, password, user_type: 'buyer' });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const signIn = await post('/api/auth/sign-in/email', { email, password });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    expect(signIn.headers.getSetCookie().some((c) => c.startsWith('toolmint.session_token='))).toBe(true);
    // The origin check still holds: the old default origin is someone else now.
    const elsewhere = await post('/api/auth/sign-in/email', { email, password }, 'http://localhost:4321');
    expect(elsewhere.status).toBe(403);
  });

  it('with no BETTER_AUTH_SECRET, signs with a random secret it generated and keeps in the data folder, mode 600 (docs/decisions/053)', () => {
    const file = path.join(dataDir, 'secrets.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((JSON.parse(fs.readFileSync(file, 'utf8')) as { authSecret: string }).authSecret).toMatch(/^[\w-]{43}$/);
  });

  it('serves the catalogue and the prebuilt pages for that origin', async () => {
    const html = await (await fetch(`${origin}/marketplace`)).text();
    expect(html).toContain(`<link rel="canonical" href="${origin}/marketplace">`);
    // Prebuilt by Astro with no origin in them (one build serves every port): filled in by the server.
    const terms = await (await fetch(`${origin}/terms`)).text();
    expect(terms).toContain(`<link rel="canonical" href="${origin}/terms">`);
    const developers = await (await fetch(`${origin}/developers`)).text();
    expect(developers).toContain(`curl -X GET &#39;${origin}/api/health&#39;`);
  });

  /** The headers every answer carries; no HSTS on http. */
  const expectSecurityHeaders = (res: Response) => {
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  };
  /**
   * A page's policy: never inline scripts, and the hashes of its own inline elements, no other
   * (docs/decisions/074): every hash names an inline script or style of the page, and every
   * inline script that runs (no type, or a JavaScript one; not a data block) has its hash.
   */
  const expectPagePolicy = async (res: Response) => {
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain('unsafe-inline');
    expectOwnPolicy(csp, await res.clone().text(), res.url);
  };

  it('puts the security headers on prebuilt and on-demand pages, the API, feeds, files and the 404', async () => {
    for (const pathname of [
      '/',
      '/marketplace',
      '/marketplace/',
      '/tools/chatgpt',
      '/tools/chatgpt/landing',
      '/auth?mode=signup',
      '/terms',
      '/tools/no-such-tool',
    ]) {
      const res = await fetch(`${origin}${pathname}`);
      expect(res.headers.get('content-type'), pathname).toMatch(/^text\/html/);
      expectSecurityHeaders(res);
      await expectPagePolicy(res);
    }
    const auth = await fetch(`${origin}/auth`);
    expect(auth.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY_WITH_MICROPHONE);
    expect((await fetch(`${origin}/marketplace`)).headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);

    const marketplace = await (await fetch(`${origin}/marketplace`)).text();
    const blob = /src="(\/blobs\/[^"]+)"/.exec(marketplace)?.[1];
    expect(blob).toBeDefined();
    for (const pathname of ['/api/health', '/tool-updates/feed.xml', '/tools/chatgpt/feed.xml', '/robots.txt', blob!]) {
      const res = await fetch(`${origin}${pathname}`);
      expect(res.status, pathname).toBe(200);
      expectSecurityHeaders(res);
      expect(res.headers.get('content-security-policy'), pathname).toBe(NON_PAGE_CSP);
      // Permissions-Policy is for documents only (docs/decisions/065).
      expect(res.headers.get('permissions-policy'), pathname).toBeNull();
    }

    // A revalidated page (304) keeps its own policy: the browser merges these headers into its copy.
    // The page store is filled in the background after the start: until /marketplace is stored it
    // is rendered on demand, without validators. Wait for the stored copy (on a busy machine the
    // full render can take a while).
    let page!: Response;
    const isStored = async () => Boolean((page = await fetch(`${origin}/marketplace`)).headers.get('etag'));
    await waitForServer(server!, isStored, { waitingFor: 'the stored /marketplace', output: () => output, timeout: 120_000, interval: 500 });
    expect(page.headers.get('etag')).toBeTruthy();
    const validators: Record<string, string> = {};
    if (page.headers.get('etag')) validators['if-none-match'] = page.headers.get('etag')!;
    if (page.headers.get('last-modified')) validators['if-modified-since'] = page.headers.get('last-modified')!;
    // node:http, as fetch adds `cache-control: no-cache` to conditional requests.
    const notModified = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${origin}/marketplace`, { headers: validators }, (res) => resolve(res.resume())).on('error', reject),
    );
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-security-policy']).toBe(page.headers.get('content-security-policy'));

    const missing = await fetch(`${origin}/no/such/page`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);
    await expectPagePolicy(missing);
    expect(missing.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    expect(await missing.text()).toContain('Oops! Page not found');
  }, 180_000);

  it('starts its job worker once it serves', async () => {
    await waitForServer(server!, () => /\[jobs\] worker running/.test(output), {
      waitingFor: 'its job worker',
      output: () => output,
      timeout: 60_000,
      interval: 200,
    });
    expect(output.indexOf('[jobs] worker running')).toBeGreaterThan(output.indexOf('toolmint is running at'));
    expect(output).not.toMatch(/worker could not start/);
  });

  it('answers a path with bad percent-encoding with the 404 page, or the error shape under /api', async () => {
    for (const pathname of ['/product/%ZZ', '/tools/%ZZ', '/profile/%ZZ', '/%E0%A4%A', '/marketplace/%']) {
      const res = await fetch(`${origin}${pathname}`);
      expect(res.status, pathname).toBe(404);
      expectSecurityHeaders(res);
      await expectPagePolicy(res);
      expect(await res.text()).toContain('Oops! Page not found');
    }
    const api = await fetch(`${origin}/api/products/%ZZ/view`, { method: 'POST', headers: { origin } });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
    expect(api.headers.get('content-security-policy')).toBe(NON_PAGE_CSP);
    expect(output).not.toMatch(/request failed|URIError/);
  });
});
