/**
 * `npm start` fails with one clear sentence, not a stack trace, on bad configuration.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: '', DATABASE_WS_PROXY: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr };
}

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, 'localhost', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

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
});
