/**
 * VercelBlobStore's contract with @vercel/blob, against an in-memory stand-in of the SDK:
 * public files in the public store at their path, private files in the private store when
 * it has a token, otherwise in the public store under an HMAC path nobody can derive, and
 * `private:` references that never name the physical path.
 */
import { describe, expect, it } from 'vitest';
import { BlobExistsError, VercelBlobStore, storeIdFromToken, type VercelBlobClient } from '@/functions/_shared/blob-store';
import type { BlobAccess } from '@/src/shared/domain';

const PUBLIC_TOKEN = 'vercel_blob_rw_PubStore123_secretA';
const PRIVATE_TOKEN = 'vercel_blob_rw_PrivStore456_secretB';

function fakeSdk() {
  const files = new Map<string, { body: Buffer; access: BlobAccess; contentType: string }>();
  const key = (token: string, pathname: string) => `${storeIdFromToken(token)}:${pathname}`;
  const client: VercelBlobClient = {
    async put(pathname, body, options) {
      const k = key(options.token, pathname);
      if (files.has(k) && !options.allowOverwrite) throw new Error('Vercel Blob: This blob already exists, use `allowOverwrite: true`');
      files.set(k, { body, access: options.access, contentType: options.contentType });
      return { url: `https://${storeIdFromToken(options.token)}.${options.access}.blob.vercel-storage.com/${pathname}`, pathname };
    },
    async del(pathname, options) {
      files.delete(key(options.token, pathname));
    },
    async get(pathname, options) {
      const file = files.get(key(options.token, pathname));
      if (!file || file.access !== options.access) return null;
      return { statusCode: 200, stream: new Blob([new Uint8Array(file.body)]).stream() };
    },
  };
  return { client, files };
}

describe('VercelBlobStore', () => {
  it('stores public files at their path and answers their CDN URL', async () => {
    const { client, files } = fakeSdk();
    const store = new VercelBlobStore(client, PUBLIC_TOKEN);
    const stored = await store.put('products/u1/product-main-1-0.webp', Buffer.from('img'), { contentType: 'image/webp', access: 'public', overwrite: false });
    expect(stored).toEqual({
      pathname: 'products/u1/product-main-1-0.webp',
      url: 'https://pubstore123.public.blob.vercel-storage.com/products/u1/product-main-1-0.webp',
    });
    expect(files.get('pubstore123:products/u1/product-main-1-0.webp')?.contentType).toBe('image/webp');
    expect(store.locate(stored.url)).toEqual({ pathname: 'products/u1/product-main-1-0.webp', access: 'public' });
    expect(store.locate('https://other.public.blob.vercel-storage.com/products/u1/x.webp')).toBeNull();
    await expect(
      store.put('products/u1/product-main-1-0.webp', Buffer.from('again'), { contentType: 'image/webp', access: 'public', overwrite: false }),
    ).rejects.toBeInstanceOf(BlobExistsError);
    await store.delete('products/u1/product-main-1-0.webp', 'public');
    expect(files.size).toBe(0);
  });

  it('keeps private files in the private store when it has a token', async () => {
    const { client, files } = fakeSdk();
    const store = new VercelBlobStore(client, PUBLIC_TOKEN, PRIVATE_TOKEN);
    const stored = await store.put('deliverables/u1/abc/tool.zip', Buffer.from('zip'), { contentType: 'application/zip', access: 'private' });
    expect(stored.url).toBe('private:deliverables/u1/abc/tool.zip');
    expect([...files.keys()]).toEqual(['privstore456:deliverables/u1/abc/tool.zip']);
    expect(files.get('privstore456:deliverables/u1/abc/tool.zip')?.access).toBe('private');
    expect((await store.get('deliverables/u1/abc/tool.zip', 'private'))?.toString()).toBe('zip');
    expect(store.locate(stored.url)).toEqual({ pathname: 'deliverables/u1/abc/tool.zip', access: 'private' });
  });

  it('without a private store, hides private files in the public one under an HMAC path', async () => {
    const { client, files } = fakeSdk();
    const store = new VercelBlobStore(client, PUBLIC_TOKEN);
    const stored = await store.put('deliverables/u1/p1/tool.zip', Buffer.from('zip'), { contentType: 'application/zip', access: 'private' });
    expect(stored.url).toBe('private:deliverables/u1/p1/tool.zip');
    const [physical] = [...files.keys()];
    expect(physical).toMatch(/^pubstore123:_private\/[0-9a-f]{40}\/deliverables\/u1\/p1\/tool\.zip$/);
    // The key depends on the secret token: another store's secret gives another path.
    expect(new VercelBlobStore(client, 'vercel_blob_rw_PubStore123_otherSecret').physicalPath('deliverables/u1/p1/tool.zip')).not.toBe(physical?.split(':')[1]);
    expect((await store.get('deliverables/u1/p1/tool.zip', 'private'))?.toString()).toBe('zip');
    // Its public URL is never treated as a public blob of ours.
    expect(store.locate(`https://pubstore123.public.blob.vercel-storage.com/${physical?.split(':')[1]}`)).toBeNull();
    await store.delete('deliverables/u1/p1/tool.zip', 'private');
    expect(files.size).toBe(0);
  });

  it('refuses paths that escape the store and malformed tokens', async () => {
    const { client } = fakeSdk();
    const store = new VercelBlobStore(client, PUBLIC_TOKEN);
    await expect(store.put('../etc/passwd', Buffer.from('x'), { contentType: 'text/plain', access: 'public' })).rejects.toThrow(/Invalid blob path/);
    expect(() => new VercelBlobStore(client, 'not-a-token')).toThrow(/vercel_blob_rw_/);
  });
});
