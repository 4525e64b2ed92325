/**
 * The catalogue pages across restarts of the real `npm start` (docs/decisions/015, 064): the
 * first start renders only the landing page, the marketplace and the directory into the page
 * store, and any other catalogue page when it is first asked for; a second start with nothing
 * changed reuses the build and renders nothing; a change made while the server was down (here
 * a product unpublished straight in the database) makes the next start forget the stored set,
 * and the unpublished product's stored page is dropped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb } from '@/db/database';
import { getEnv } from '@/env';
import { freePort } from '@/scripts/lib/free-port';
import { pageStoreDir } from '@/scripts/lib/page-store';
import { TEST_OUT_DIR } from '../support/test-build';
import { waitForServer } from '../support/wait-for-server';

interface Running {
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `npm start` and waits until it has said what it did with the catalogue pages. */
async function startServer(dataDir: string, port: number): Promise<Running> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATABASE_WS_PROXY: '',
      SITE_URL: '',
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      OUT_DIR: TEST_OUT_DIR,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForServer(child, () => /\[pages\] (rendered|catalogue pages current)/.test(output), {
    waitingFor: 'its catalogue pages',
    output: () => output,
    timeout: 280_000,
  });
  return {
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('the page store across restarts', () => {
  let dataDir = '';
  let port = 0;
  let origin = '';
  const manifest = () => JSON.parse(fs.readFileSync(path.join(pageStoreDir(dataDir), 'manifest.json'), 'utf8')) as { pages: Record<string, unknown> };
  const storedFile = (pagePath: string) => path.join(pageStoreDir(dataDir), `${pagePath}.html`);

  beforeAll(async () => {
    port = await freePort();
    origin = `http://localhost:${port}`;
    dataDir = path.resolve(`.test-data/page-store-${port}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('renders the start pages on the first start and the others when asked for, nothing on a start with nothing changed, forgets them after a change made while stopped', async () => {
    const first = await startServer(dataDir, port);
    let productId: string | undefined;
    try {
      expect(first.output()).toMatch(/\[pages\] rendered 3 start pages/);
      expect(Object.keys(manifest().pages).sort()).toEqual(['/', '/ai-tools', '/marketplace']);
      const db = await fetch(`${origin}/api/products`).then((r) => r.json() as Promise<{ items: { id: string }[] }>);
      productId = db.items[0]!.id;
      // Asked for: rendered and stored.
      for (const p of ['/tools/chatgpt', '/sitemap.xml', `/product/${productId}`]) expect((await fetch(`${origin}${p}`)).status).toBe(200);
      expect(fs.existsSync(storedFile('/tools/chatgpt'))).toBe(true);
      expect(fs.existsSync(storedFile(`/product/${productId}`))).toBe(true);
      expect(fs.existsSync(`${storedFile(`/product/${productId}`)}.br`)).toBe(true);

      // A signed-in visitor gets the shared page: nothing of theirs in it, no cookie set,
      // stored or rendered on demand (an unknown tool is never stored).
      const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'creator@example.com', password: 'toolmint-demo-2026' }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      for (const pagePath of ['/marketplace', `/product/${productId}`, '/tools/no-such-tool']) {
        const res = await fetch(`${origin}${pagePath}`, { headers: { cookie } });
        const html = await res.text();
        expect(res.headers.get('set-cookie'), pagePath).toBeNull();
        expect(html, pagePath).not.toContain('creator@example.com');
        expect(html, pagePath).toContain('data-auth-state="loading"');
      }
      expect(await (await fetch(`${origin}/dashboard`, { headers: { cookie } })).text()).toContain('creator@example.com');
    } finally {
      await first.stop();
    }

    const second = await startServer(dataDir, port);
    try {
      expect(second.output()).toContain('[build] sources unchanged: reusing the previous build');
      expect(second.output()).toContain('[pages] catalogue pages current: nothing to render');
      expect(Object.keys(manifest().pages)).toContain(`/product/${productId}`);
      expect((await fetch(`${origin}/product/${productId}`)).status).toBe(200);
    } finally {
      await second.stop();
    }

    // While the server is down, the product is unpublished behind its back.
    const handle = await createDb(getEnv({ DATA_DIR: dataDir }));
    try {
      await handle.db.updateTable('products').set({ status: 'draft' }).where('id', '=', productId!).execute();
    } finally {
      await handle.close();
    }

    const third = await startServer(dataDir, port);
    try {
      expect(third.output()).toMatch(/\[pages\] rendered 3 start pages .*stored pages reset/);
      // The forgotten set's files are removed in the background.
      await vi.waitFor(() => expect(fs.existsSync(storedFile(`/product/${productId}`))).toBe(false), { timeout: 10_000, interval: 100 });
      expect((await fetch(`${origin}/product/${productId}`)).status).toBe(404);
      expect(fs.existsSync(storedFile(`/product/${productId}`))).toBe(false);
    } finally {
      await third.stop();
    }
  }, 600_000);
});
