/**
 * Uploads through the API routes with real sessions: only signed-in users, only real images
 * (decided from the bytes), the spec's compression pipeline, metadata stripped, decompression
 * bombs and oversized files refused, deliverables private and checked, the caller's own folder
 * only, and nothing half-written after a failure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { BlobExistsError, LocalBlobStore, setBlobStore, type BlobStore } from '@/functions/_shared/blob-store';
import { processImage } from '@/functions/uploads/image-pipeline';
import { createProduct, deleteProduct, updateProduct } from '@/functions/products/products.service';
import { POST as postImage } from '@/src/pages/api/uploads/images';
import { POST as postFile } from '@/src/pages/api/uploads/files';
import { DELETE as deleteUpload } from '@/src/pages/api/uploads/index';
import { GET as getBlob } from '@/src/pages/blobs/[...path]';
import { call, fileForm, signUp, type TestSession } from '../support/api';
import { productInput } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let root: string;
let store: LocalBlobStore;
let alice: TestSession;
let bob: TestSession;

/** Every file under the blob root (relative paths), temporary files included. */
function listBlobs(): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .sort();
}

const upload = (session: TestSession | null, name: string, bytes: Buffer, type = 'image/png', fields: Record<string, string> = { slot: 'main', index: '0' }) =>
  call(postImage, '/api/uploads/images', { method: 'POST', session, form: fileForm(name, bytes, type, fields) });

const uploadFile = (session: TestSession | null, name: string, bytes: Buffer, type = 'application/octet-stream') =>
  call(postFile, '/api/uploads/files', { method: 'POST', session, form: fileForm(name, bytes, type) });

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes that claim to be a 100,000 x 100,000 pixel PNG (a decompression bomb). */
function bombPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A photo-like 12 MP JPEG (4000 x 3000, noisy, with EXIF), well over 2 MB. */
async function photo12mp(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 92 })
    .withMetadata({ exif: { IFD0: { Copyright: 'GPS 48.8584 N 2.2945 E' } } })
    .toBuffer();
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-uploads-'));
  store = new LocalBlobStore(root);
  setBlobStore(store);
  alice = await signUp('creator', 'Alice Maker');
  bob = await signUp('creator', 'Bob Builder');
});

afterAll(async () => {
  setBlobStore(undefined);
  resetAuth();
  await closeDb();
  fs.rmSync(root, { recursive: true, force: true });
});

let before: string[] = [];
beforeEach(() => {
  before = listBlobs();
});
const nothingWritten = () => expect(listBlobs()).toEqual(before);

describe('who may upload', () => {
  it("refuses a visitor with 'User not authenticated' and writes nothing", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#5b3fd6' } })
      .png()
      .toBuffer();
    const res = await upload(null, 'a.png', png);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'User not authenticated' } });
    expect((await uploadFile(null, 'a.txt', Buffer.from('hello'))).status).toBe(401);
    nothingWritten();
  });

  it("never writes into another user's folder, whatever the request says", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#0f9f7a' } })
      .png()
      .toBuffer();
    const victimFolder = path.join(root, 'public', 'products', bob.userId);
    // Fields naming a folder are not part of the upload: refused by name (issue 14), nothing stored.
    const named = await upload(alice, 'x.png', png, 'image/png', {
      slot: 'main',
      index: '0',
      userId: bob.userId,
      path: `products/${bob.userId}/evil.png`,
      folder: bob.userId,
    });
    expect(named.status).toBe(400);
    expect(Object.keys(named.body.error.fields).sort()).toEqual(['_']);
    expect(named.body.error.fields._).toMatch(/userId.*path.*folder|Unrecognized/);
    expect(fs.existsSync(victimFolder)).toBe(false);
    const res = await upload(alice, '../../x.png', png, 'image/png', { slot: 'main', index: '0' });
    expect(res.status).toBe(201);
    expect(res.body.pathname).toMatch(new RegExp(`^products/${alice.userId}/product-main-\\d+-0\\.png$`));
    expect(fs.existsSync(victimFolder)).toBe(false);
    const file = await uploadFile(alice, `../../${bob.userId}/notes.txt`, Buffer.from('mine'));
    expect(file.status).toBe(201);
    expect(file.body.url).toMatch(new RegExp(`^private:deliverables/${alice.userId}/[0-9a-f]{24}/notes\\.txt$`));
  });

  it("cannot remove another user's file: not found, and the file stays", async () => {
    const png = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#c2264b' } })
      .png()
      .toBuffer();
    const bobs = await upload(bob, 'bob.png', png);
    expect(bobs.status).toBe(201);
    const res = await call(deleteUpload, '/api/uploads', { method: 'DELETE', session: alice, json: { url: bobs.body.url } });
    expect(res.status).toBe(404);
    expect(fs.existsSync(path.join(root, 'public', bobs.body.pathname))).toBe(true);
    const traversal = await call(deleteUpload, '/api/uploads', {
      method: 'DELETE',
      session: alice,
      json: { url: `/blobs/products/${alice.userId}/../${bob.userId}/${path.basename(bobs.body.pathname)}` },
    });
    expect(traversal.status).toBe(404);
    expect(fs.existsSync(path.join(root, 'public', bobs.body.pathname))).toBe(true);
    expect((await call(deleteUpload, '/api/uploads', { method: 'DELETE', json: { url: bobs.body.url } })).status).toBe(401);
  });
});

describe('what counts as an image', () => {
  it("refuses a text file renamed .png (sent as image/png): 'File notes.png is not an image'", async () => {
    const res = await upload(alice, 'notes.png', Buffer.from('Just some notes, not a picture.\n'), 'image/png');
    expect(res.status).toBe(415);
    expect(res.body.error).toEqual({ code: 'NOT_AN_IMAGE', message: 'File notes.png is not an image' });
    nothingWritten();
  });

  it('refuses an SVG, and an image whose bytes are cut short', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect((await upload(alice, 'logo.svg', svg, 'image/svg+xml')).body.error.code).toBe('NOT_AN_IMAGE');
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100, sigma: 30 } } })
      .jpeg()
      .toBuffer();
    const truncated = await upload(alice, 'cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg');
    expect(truncated.body.error).toEqual({ code: 'NOT_AN_IMAGE', message: 'File cut.jpg is not an image' });
    nothingWritten();
  });

  it('accepts a real image whatever its name and declared type', async () => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const res = await upload(alice, 'document.pdf', png, 'application/pdf');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contentType: 'image/png', width: 20, height: 10, compressed: false, slot: 'main' });
  });
});

describe('limits', () => {
  it('refuses an oversized file before storing anything', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 0xff);
    const res = await upload(alice, 'huge.jpg', big, 'image/jpeg');
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'The file is too large (max 20 MB)' });
    const file = await uploadFile(alice, 'archive.zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26 * 1024 * 1024)]));
    expect(file.status).toBe(413);
    nothingWritten();
  });

  it('refuses an image of huge pixel dimensions without decoding it', async () => {
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(2000);
    const started = Date.now();
    const res = await upload(alice, 'bomb.png', bomb);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(res.body.error.message).toBe('Image bomb.png is 100000 x 100000 pixels; the limit is 40 megapixels');
    expect(Date.now() - started).toBeLessThan(5000);
    nothingWritten();
  });
});

describe('the compression pipeline (spec section 9)', () => {
  it('resizes a 12 MP photo to 1920 px on the longest side, under 2 MB, metadata gone, at the spec path', async () => {
    const original = await photo12mp();
    expect(original.length).toBeGreaterThan(2 * 1024 * 1024);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(alice, 'IMG_0001.JPG', original, 'image/jpeg', { slot: 'featured', index: '0' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ slot: 'featured', width: 1920, height: 1440, compressed: true, contentType: 'image/jpeg', originalSize: original.length });
    expect(res.body.size).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(res.body.pathname).toMatch(new RegExp(`^products/${alice.userId}/product-featured-\\d{13}-0\\.jpg$`));
    expect(res.body.url).toBe(`/blobs/${res.body.pathname}`);
    const stored = fs.readFileSync(path.join(root, 'public', res.body.pathname));
    expect(stored.length).toBe(res.body.size);
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.format, meta.exif]).toEqual([1920, 1440, 'jpeg', undefined]);
  });

  it('keeps an image at or below 2 MB as it is, only without its metadata', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120, sigma: 20 } } })
      .jpeg({ quality: 90 })
      .withMetadata({ exif: { IFD0: { Artist: 'Someone', Copyright: 'GPS here' } } })
      .toBuffer();
    const res = await upload(alice, 'small.jpg', jpeg, 'image/jpeg', { slot: 'additional', index: '3' });
    expect(res.body).toMatchObject({ compressed: false, width: 800, height: 600, slot: 'additional' });
    expect(res.body.pathname).toMatch(/product-additional-\d+-3\.jpg$/);
    const stored = fs.readFileSync(path.join(root, 'public', res.body.pathname));
    expect(stored.length).toBeLessThan(jpeg.length);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    // Same pixels: nothing was re-encoded.
    const [a, b] = await Promise.all([sharp(jpeg).raw().toBuffer(), sharp(stored).raw().toBuffer()]);
    expect(a.equals(b)).toBe(true);

    const png = Buffer.from(
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
        .png()
        .withMetadata({ exif: { IFD0: { Artist: 'x' } } })
        .toBuffer(),
    );
    const tagged = Buffer.concat([png.subarray(0, 33), pngChunk('tEXt', Buffer.from('Comment\0secret location')), png.subarray(33)]);
    const kept = await upload(alice, 'tagged.png', tagged);
    const storedPng = fs.readFileSync(path.join(root, 'public', kept.body.pathname));
    expect(storedPng.includes(Buffer.from('secret location'))).toBe(false);
    expect((await sharp(storedPng).metadata()).exif).toBeUndefined();
  });

  it('falls back, then fails with the spec message when nothing fits', async () => {
    const image = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png()
      .toBuffer();
    const tiny = {
      keepMaxBytes: 10,
      steps: [
        { maxBytes: 200, quality: 0.8 },
        { maxBytes: 100, quality: 0.6 },
      ],
    };
    await expect(processImage(image, 'noise.png', tiny)).rejects.toMatchObject({
      code: 'IMAGE_COMPRESSION_FAILED',
      message: 'Image compression failed. Please try a different image.',
    });
    const fallback = await processImage(image, 'noise.png', {
      keepMaxBytes: 10,
      steps: [
        { maxBytes: 200, quality: 0.8 },
        { maxBytes: 10 * 1024 * 1024, quality: 0.6 },
      ],
    });
    expect(fallback).toMatchObject({ compressed: true, contentType: 'image/webp' });
  });

  it('turns a sideways photo upright (its orientation tag would be lost)', async () => {
    const sideways = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ff0000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(alice, 'sideways.jpg', sideways, 'image/jpeg');
    expect(res.body).toMatchObject({ width: 100, height: 300, compressed: true });
  });
});

describe('serving and storage', () => {
  it('serves public images with their Content-Type and nosniff', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const res = await upload(alice, 'served.png', png);
    const served = await call(getBlob, res.body.url, { params: { path: res.body.pathname } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.bytes.equals(fs.readFileSync(path.join(root, 'public', res.body.pathname)))).toBe(true);
  });

  it('never overwrites: a taken path is refused and the original stays', async () => {
    await store.put('products/x/a.txt', Buffer.from('first'), { contentType: 'text/plain', access: 'public', overwrite: false });
    await expect(
      store.put('products/x/a.txt', Buffer.from('second'), { contentType: 'text/plain', access: 'public', overwrite: false }),
    ).rejects.toBeInstanceOf(BlobExistsError);
    expect(fs.readFileSync(path.join(root, 'public', 'products/x/a.txt'), 'utf8')).toBe('first');
    expect(listBlobs().filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await store.delete('products/x/a.txt', 'public');
  });

  it('leaves nothing behind when the store fails', async () => {
    const failing: BlobStore = {
      put: async () => {
        throw new Error('disk full');
      },
      get: async () => null,
      delete: async () => {},
      locate: (url) => store.locate(url),
    };
    setBlobStore(failing);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const res = await upload(alice, 'a.png', png);
      expect(res.status).toBe(502);
      expect(res.body.error).toEqual({ code: 'UPLOAD_FAILED', message: 'Failed to upload images to products storage' });
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      setBlobStore(store);
    }
    nothingWritten();
  });
});

describe('deliverable files', () => {
  const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('rest of a zip')]);

  it('stores accepted formats privately, out of reach of the public file route', async () => {
    const res = await uploadFile(alice, 'My Workflow (v2).zip', zip);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'My-Workflow-v2.zip', size: zip.length, contentType: 'application/zip' });
    const pathname = res.body.url.slice('private:'.length);
    expect(fs.existsSync(path.join(root, 'private', pathname))).toBe(true);
    expect(fs.existsSync(path.join(root, 'public', pathname))).toBe(false);
    expect((await call(getBlob, `/blobs/${pathname}`, { params: { path: pathname } })).status).toBe(404);
    for (const [name, bytes] of [
      ['guide.pdf', Buffer.from('%PDF-1.7\n...')],
      ['data.json', Buffer.from('{"ok": true}')],
      ['feed.xml', Buffer.from('<?xml version="1.0"?><a/>')],
      ['rows.csv', Buffer.from('a,b\n1,2\n')],
      ['readme.txt', Buffer.from('Hello')],
      ['old.doc', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])],
      ['pack.rar', Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00])],
    ] as const) {
      expect((await uploadFile(alice, name, bytes)).status, name).toBe(201);
    }
  });

  it('refuses other formats, and files whose bytes do not match their extension', async () => {
    const cases: [string, Buffer, string][] = [
      ['tool.exe', Buffer.from('MZ...'), 'File tool.exe is not a supported format (ZIP, RAR, PDF, DOC, TXT, JSON, XML, CSV)'],
      ['fake.pdf', Buffer.from('not a pdf at all'), 'File fake.pdf is not a valid PDF file'],
      ['fake.zip', Buffer.from('plain text'), 'File fake.zip is not a valid ZIP file'],
      ['broken.json', Buffer.from('{"ok": '), 'File broken.json is not a valid JSON file'],
      ['binary.txt', Buffer.from([0x68, 0x00, 0x69]), 'File binary.txt is not a valid TXT file'],
      ['empty.csv', Buffer.alloc(0), 'File empty.csv is empty'],
    ];
    for (const [name, bytes, message] of cases) {
      const res = await uploadFile(alice, name, bytes);
      expect(res.status, name).toBe(415);
      expect(res.body.error).toEqual({ code: 'UNSUPPORTED_FILE_TYPE', message });
    }
    nothingWritten();
  });
});

describe('removing and releasing files', () => {
  const product = {
    title: 'AI Invoice Tool for Freelancers',
    description: 'Turns receipts into invoices. Use it to save hours of admin every month with less effort.',
    content_delivery_type: 'file',
  };

  it('removes an unused upload, keeps one a product still uses', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#111' } })
      .png()
      .toBuffer();
    const unused = await upload(alice, 'unused.png', png);
    const removed = await call(deleteUpload, '/api/uploads', { method: 'DELETE', session: alice, json: { url: unused.body.url } });
    expect(removed.body).toEqual({ removed: true });
    expect(fs.existsSync(path.join(root, 'public', unused.body.pathname))).toBe(false);

    const used = await upload(alice, 'used.png', png);
    await createProduct(t.db, alice.userId, productInput({ ...product, image_url: used.body.url }));
    const kept = await call(deleteUpload, '/api/uploads', { method: 'DELETE', session: alice, json: { url: used.body.url } });
    expect(kept.body).toEqual({ removed: false });
    expect(fs.existsSync(path.join(root, 'public', used.body.pathname))).toBe(true);
  });

  it('releases the files a save replaced, and all of them on delete', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#222' } })
      .png()
      .toBuffer();
    const first = await upload(alice, 'first.png', png);
    const second = await upload(alice, 'second.png', png);
    const deliverable = await uploadFile(alice, 'tool.zip', zip());
    const p = await createProduct(t.db, alice.userId, productInput({ ...product, image_url: first.body.url, file_urls: [deliverable.body.url] }));
    await updateProduct(t.db, alice.userId, p.id, productInput({ ...product, image_url: second.body.url, file_urls: [deliverable.body.url] }), store);
    expect(fs.existsSync(path.join(root, 'public', first.body.pathname))).toBe(false);
    expect(fs.existsSync(path.join(root, 'public', second.body.pathname))).toBe(true);
    await deleteProduct(t.db, alice.userId, p.id, store);
    expect(fs.existsSync(path.join(root, 'public', second.body.pathname))).toBe(false);
    expect(fs.existsSync(path.join(root, 'private', deliverable.body.url.slice('private:'.length)))).toBe(false);
  });

  it("refuses a product that points at another creator's private file", async () => {
    const bobsFile = await uploadFile(bob, 'paid.zip', zip());
    await expect(createProduct(t.db, alice.userId, productInput({ ...product, file_urls: [bobsFile.body.url] }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { file_urls: 'Invalid file reference' },
    });
  });
});

function zip(): Buffer {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('zip body')]);
}
