import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressStaticFile, freshVariant, precompressTree, removeStaticFile, writeCompressedFile, writeStaticFile } from '@/scripts/lib/static-files';
import { PageStore } from '@/scripts/lib/page-store';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${'<p>A prompt pack for writers.</p>'.repeat(200)}</body></html>`;
const brotli = (file: string) => zlib.brotliDecompressSync(fs.readFileSync(file)).toString();
const gunzip = (file: string) => zlib.gunzipSync(fs.readFileSync(file)).toString();
const listing = (root: string) => fs.readdirSync(root, { recursive: true }).map(String).sort();

describe('writeStaticFile', () => {
  it('writes the page and brotli and gzip variants that decompress to it', () => {
    const file = path.join(dir, 'product', 'p1', 'index.html');
    writeStaticFile(file, page('One'));
    expect(fs.readFileSync(file, 'utf8')).toBe(page('One'));
    expect(brotli(`${file}.br`)).toBe(page('One'));
    expect(gunzip(`${file}.gz`)).toBe(page('One'));
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(fs.statSync(file).size / 5);
    const stats = fs.statSync(file);
    expect(freshVariant(file, 'br', stats)?.file).toBe(`${file}.br`);
    expect(freshVariant(file, 'gzip', stats)?.file).toBe(`${file}.gz`);
  });

  it('replaces the page and its variants, leaving no temp files', () => {
    const file = path.join(dir, 'index.html');
    writeStaticFile(file, page('Old'));
    writeStaticFile(file, Buffer.from(page('New')));
    expect(brotli(`${file}.br`)).toBe(page('New'));
    expect(gunzip(`${file}.gz`)).toBe(page('New'));
    expect(listing(dir)).toEqual(['index.html', 'index.html.br', 'index.html.gz']);
  });

  it('writes no variants for small or incompressible files, and drops variants a page had', () => {
    const file = path.join(dir, 'index.html');
    writeStaticFile(file, page('Big'));
    writeStaticFile(file, '<p>small</p>');
    writeStaticFile(path.join(dir, 'cover.png'), Buffer.alloc(4096, 7));
    expect(listing(dir)).toEqual(['cover.png', 'index.html']);
  });
});

describe('compressStaticFile and writeCompressedFile', () => {
  it('compress off the event loop what writeStaticFile compresses on it: the same files', async () => {
    const file = path.join(dir, 'marketplace.html');
    const compressed = await compressStaticFile(file, page('Async'));
    expect(fs.existsSync(file)).toBe(false); // nothing written until asked
    writeCompressedFile(compressed);
    const other = path.join(dir, 'other', 'marketplace.html');
    writeStaticFile(other, page('Async'));
    for (const suffix of ['', '.br', '.gz']) expect(fs.readFileSync(file + suffix)).toEqual(fs.readFileSync(other + suffix));
    expect(freshVariant(file, 'br', fs.statSync(file))?.file).toBe(`${file}.br`);
    writeCompressedFile(await compressStaticFile(file, '<p>small</p>'));
    expect(listing(dir).filter((f) => !f.startsWith('other'))).toEqual(['marketplace.html']);
  });
});

describe('PageStore.write', () => {
  it('stores the page with its variants, or nothing when keep() says no once it is compressed (a product hidden meanwhile)', async () => {
    const store = new PageStore(dir);
    expect(await store.write('/product/p1', Buffer.from(page('Kept')), "default-src 'self'", { keep: () => true })).toBe(true);
    expect(store.has('/product/p1')).toBe(true);
    expect(brotli(`${store.fileFor('/product/p1')}.br`)).toBe(page('Kept'));
    let hidden = false;
    const written = store.write('/product/p2', Buffer.from(page('Hidden')), '', { keep: () => !hidden });
    hidden = true;
    expect(await written).toBe(false);
    expect(store.has('/product/p2')).toBe(false);
    expect(fs.existsSync(store.fileFor('/product/p2'))).toBe(false);
  });
});

describe('removeStaticFile', () => {
  it('removes the file and its variants, and does nothing for an absent file', () => {
    const file = path.join(dir, 'sitemap.xml');
    writeStaticFile(file, `<urlset>${'<url><loc>https://toolmint.test/</loc></url>'.repeat(100)}</urlset>`);
    removeStaticFile(file);
    removeStaticFile(path.join(dir, 'never-written.html'));
    expect(listing(dir)).toEqual([]);
  });
});

describe('freshVariant', () => {
  it('ignores a variant older than the file (the file was rewritten without it)', () => {
    const file = path.join(dir, 'index.html');
    writeStaticFile(file, page('Old'));
    fs.writeFileSync(file, page('Rewritten'));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    expect(freshVariant(file, 'br', fs.statSync(file))).toBeUndefined();
  });
});

describe('precompressTree', () => {
  it('compresses compressible files of 1 KB or more, and skips them once their variants are current', async () => {
    const css = `.card{color:#123456;padding:4px}`.repeat(100);
    fs.mkdirSync(path.join(dir, '_astro'));
    fs.writeFileSync(path.join(dir, '_astro', 'shell.abc123.css'), css);
    fs.writeFileSync(path.join(dir, 'index.html'), page('Home'));
    fs.writeFileSync(path.join(dir, 'tiny.js'), 'export const a = 1;');
    fs.writeFileSync(path.join(dir, 'og.png'), Buffer.alloc(8192, 1));

    const first = await precompressTree(dir);
    expect(first.files).toBe(2);
    expect(first.bytesIn).toBe(css.length + page('Home').length);
    expect(first.bytesOut).toBe(fs.statSync(path.join(dir, 'index.html.br')).size + fs.statSync(path.join(dir, '_astro', 'shell.abc123.css.br')).size);
    expect(brotli(path.join(dir, '_astro', 'shell.abc123.css.br'))).toBe(css);
    expect(gunzip(path.join(dir, '_astro', 'shell.abc123.css.gz'))).toBe(css);
    expect(brotli(path.join(dir, 'index.html.br'))).toBe(page('Home'));
    expect(listing(dir)).not.toContain('tiny.js.br');
    expect(listing(dir)).not.toContain('og.png.br');

    expect(await precompressTree(dir)).toEqual({ files: 0, bytesIn: 0, bytesOut: 0 });

    // A file rewritten after its variants (as a rebuild does) is compressed again.
    fs.writeFileSync(path.join(dir, 'index.html'), page('Home again'));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(dir, 'index.html'), later, later);
    const again = await precompressTree(dir);
    expect(again.files).toBe(1);
    expect(gunzip(path.join(dir, 'index.html.gz'))).toBe(page('Home again'));
  });
});
