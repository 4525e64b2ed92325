/**
 * The node server's path check (scripts/lib/request-path.ts) and the static fast path's
 * resolution of names the file system refuses (issue 29: no 500 for any path).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SEGMENT_BYTES, pathProblem } from '@/scripts/lib/request-path';
import { listClientFolder, resolveStaticFile } from '@/scripts/lib/static-serve';

describe('pathProblem', () => {
  it('passes ordinary paths, encoded spaces and non-ASCII segments', () => {
    for (const pathname of ['/', '/product/p1', '/tools/claude/', '/api/products/0b5f6c1e-0000-4000-8000-000000000000', '/community/caf%C3%A9', '/a%20b'])
      expect(pathProblem(pathname)).toBeUndefined();
    expect(pathProblem(`/product/${'x'.repeat(MAX_SEGMENT_BYTES)}`)).toBeUndefined();
  });

  it('refuses a segment over the limit, counted in decoded UTF-8 bytes, and a huge path', () => {
    expect(pathProblem(`/product/${'x'.repeat(5000)}`)).toBe('too-long');
    expect(pathProblem(`/product/${'x'.repeat(MAX_SEGMENT_BYTES + 1)}`)).toBe('too-long');
    // 400 characters of é: 800 bytes decoded, but 2400 characters as sent.
    expect(pathProblem(`/product/${'%C3%A9'.repeat(400)}`)).toBeUndefined();
    expect(pathProblem(`/product/${'%C3%A9'.repeat(600)}`)).toBe('too-long');
    expect(pathProblem(`/a/${'b/'.repeat(5000)}`)).toBe('too-long');
  });

  it('refuses control characters, encoded or not', () => {
    for (const pathname of ['/tools/a%0ab', '/tools/a%0Db', '/tools/%00', '/tools/a%7Fb', '/api/tools/a%09b', '/tools/a\nb'])
      expect(pathProblem(pathname), pathname).toBe('control-character');
  });

  it('refuses bad percent-encoding', () => {
    expect(pathProblem('/product/%ZZ')).toBe('undecodable');
  });
});

describe('resolveStaticFile with names the file system refuses', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'request-path-'));
    fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answers "not ours" for a segment over 255 bytes (ENAMETOOLONG), and under a file (ENOTDIR)', () => {
    const listing = listClientFolder(dir);
    expect(resolveStaticFile(dir, listing, `/product/${'x'.repeat(300)}`)).toEqual({ kind: 'none' });
    expect(resolveStaticFile(dir, listing, `/${'x'.repeat(5000)}`)).toEqual({ kind: 'none' });
    expect(resolveStaticFile(dir, listing, '/robots.txt/x')).toEqual({ kind: 'none' });
    expect(resolveStaticFile(dir, listing, '/robots.txt/')).toEqual({ kind: 'none' });
    expect(resolveStaticFile(dir, listing, '/robots.txt').kind).toBe('file');
  });

  it("finds a folder's index.html, and nothing the listing does not hold, even when it is on disk now", () => {
    fs.mkdirSync(path.join(dir, 'about'));
    fs.writeFileSync(path.join(dir, 'about', 'index.html'), '<p>about</p>');
    fs.mkdirSync(path.join(dir, 'empty'));
    const listing = listClientFolder(dir);
    for (const pathname of ['/about', '/about/', '/about//']) {
      expect(resolveStaticFile(dir, listing, pathname), pathname).toMatchObject({ kind: 'file', file: path.join(dir, 'about', 'index.html') });
    }
    expect(resolveStaticFile(dir, listing, '/empty')).toEqual({ kind: 'none' });
    fs.writeFileSync(path.join(dir, 'later.txt'), 'written after the listing');
    expect(resolveStaticFile(dir, listing, '/later.txt')).toEqual({ kind: 'none' });
    expect(resolveStaticFile(dir, listClientFolder(dir), '/later.txt').kind).toBe('file');
    // Listed but removed since: not served.
    fs.rmSync(path.join(dir, 'robots.txt'));
    expect(resolveStaticFile(dir, listing, '/robots.txt')).toEqual({ kind: 'none' });
  });
});
