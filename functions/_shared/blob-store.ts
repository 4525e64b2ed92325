/**
 * BlobStore: where uploaded and generated files live.
 * - Default: a local folder, DATA_DIR/blobs/{public,private}. Public files are served at
 *   /blobs/<path> by src/pages/blobs/[...path].ts; private ones (deliverables) only through
 *   the download endpoint.
 * - BLOB_READ_WRITE_TOKEN set: Vercel Blob (VercelBlobStore). A Vercel store is either public
 *   or private as a whole, so private files go to the store of BLOB_PRIVATE_READ_WRITE_TOKEN
 *   when it is set, else to the public store under an unguessable physical path (a keyed hash
 *   of the path, see physicalPath); either way the stored reference is `private:<path>` and
 *   only the download endpoint reads it (docs/decisions/006).
 *
 * Invariants: a path never escapes the store root (safeBlobPath); a write is all or nothing
 * (a reader never sees half a file, a failure leaves nothing); `overwrite: false` never
 * replaces an existing file (BlobExistsError instead).
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BlobAccess } from '@/src/shared/domain';
import { dataPath, getEnv } from '@/env';

export interface StoredBlob {
  /** Store-relative path, e.g. products/<userId>/product-main-1700000000000-0.webp */
  pathname: string;
  /** URL a browser can load (public), or `private:<pathname>` for the server only. */
  url: string;
}

export interface PutOptions {
  contentType: string;
  access: BlobAccess;
  /** Replace an existing file (default true: avatars and the seed rewrite their paths). */
  overwrite?: boolean;
}

export interface BlobStore {
  put(pathname: string, body: Buffer | Uint8Array, options: PutOptions): Promise<StoredBlob>;
  get(pathname: string, access: BlobAccess): Promise<Buffer | null>;
  delete(pathname: string, access: BlobAccess): Promise<void>;
  /** The stored path behind a URL this store handed out; null for anything else (another site's URL). */
  locate(url: string): { pathname: string; access: BlobAccess } | null;
}

export class BlobExistsError extends Error {
  override name = 'BlobExistsError';
}

export const PRIVATE_PREFIX = 'private:';

/** Refuses paths that could escape the store root. */
function safeBlobPath(pathname: string): string {
  const normalized = path.posix.normalize(pathname.replace(/\\/g, '/')).replace(/^\/+/, '');
  if (!normalized || normalized === '.' || normalized.startsWith('..') || normalized.includes('/../') || normalized.includes('\0')) {
    throw new Error(`Invalid blob path: ${pathname}`);
  }
  return normalized;
}

function locatePrivate(url: string): { pathname: string; access: BlobAccess } | null {
  if (!url.startsWith(PRIVATE_PREFIX)) return null;
  try {
    return { pathname: safeBlobPath(url.slice(PRIVATE_PREFIX.length)), access: 'private' };
  } catch {
    return null;
  }
}

export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string = dataPath('blobs')) {}

  private file(pathname: string, access: BlobAccess): string {
    return path.join(this.root, access, safeBlobPath(pathname));
  }

  async put(pathname: string, body: Buffer | Uint8Array, options: PutOptions): Promise<StoredBlob> {
    const target = this.file(pathname, options.access);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write a temporary file, then move it into place, so a reader never sees half a file
    // and a failure leaves nothing behind.
    const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temp, body, { flag: 'wx' });
      if (options.overwrite === false) {
        // link() refuses an existing target atomically, where rename() would replace it.
        try {
          await fs.link(temp, target);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BlobExistsError(`Blob already exists: ${pathname}`);
          throw error;
        }
      } else {
        await fs.rename(temp, target);
      }
    } finally {
      await fs.rm(temp, { force: true });
    }
    const clean = safeBlobPath(pathname);
    return { pathname: clean, url: options.access === 'public' ? `/blobs/${clean}` : `${PRIVATE_PREFIX}${clean}` };
  }

  async get(pathname: string, access: BlobAccess): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(pathname, access));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(pathname: string, access: BlobAccess): Promise<void> {
    await fs.rm(this.file(pathname, access), { force: true });
  }

  locate(url: string): { pathname: string; access: BlobAccess } | null {
    if (url.startsWith('/blobs/')) {
      try {
        return { pathname: safeBlobPath(decodeURIComponent(url.slice('/blobs/'.length))), access: 'public' };
      } catch {
        return null;
      }
    }
    return locatePrivate(url);
  }
}

/** The part of @vercel/blob this store uses; injectable so the contract is testable offline. */
export interface VercelBlobClient {
  put(
    pathname: string,
    body: Buffer,
    options: { access: BlobAccess; token: string; contentType: string; addRandomSuffix: false; allowOverwrite: boolean },
  ): Promise<{ url: string; pathname: string }>;
  del(urlOrPathname: string, options: { token: string }): Promise<void>;
  get(
    urlOrPathname: string,
    options: { access: BlobAccess; token: string; useCache: boolean },
  ): Promise<{ statusCode: number; stream: ReadableStream<Uint8Array> | null } | null>;
}

/** `vercel_blob_rw_<storeId>_<secret>`: the store id names the store's host. */
export function storeIdFromToken(token: string): string {
  const storeId = token.split('_')[3] ?? '';
  if (!token.startsWith('vercel_blob_rw_') || !storeId) throw new Error('BLOB_READ_WRITE_TOKEN does not look like vercel_blob_rw_<store>_<secret>');
  return storeId.toLowerCase();
}

export class VercelBlobStore implements BlobStore {
  private readonly publicHost: string;

  constructor(
    private readonly client: VercelBlobClient,
    private readonly publicToken: string,
    /** A private store's token; absent: private files live in the public store under unguessable paths. */
    private readonly privateToken?: string,
  ) {
    this.publicHost = `${storeIdFromToken(publicToken)}.public.blob.vercel-storage.com`;
    if (privateToken) storeIdFromToken(privateToken);
  }

  /** Where a file of this access level really lives: store access, token and physical path. */
  private target(pathname: string, access: BlobAccess): { access: BlobAccess; token: string; pathname: string } {
    const clean = safeBlobPath(pathname);
    if (access === 'public') return { access: 'public', token: this.publicToken, pathname: clean };
    if (this.privateToken) return { access: 'private', token: this.privateToken, pathname: clean };
    return { access: 'public', token: this.publicToken, pathname: this.physicalPath(clean) };
  }

  /**
   * A private file kept in the public store: its URL must not be derivable from anything
   * public (product ids, user ids, file names), so the path starts with an HMAC of the
   * logical path keyed by the store's secret token.
   */
  physicalPath(pathname: string): string {
    const key = createHmac('sha256', this.publicToken).update(pathname).digest('hex').slice(0, 40);
    return `_private/${key}/${pathname}`;
  }

  async put(pathname: string, body: Buffer | Uint8Array, options: PutOptions): Promise<StoredBlob> {
    const clean = safeBlobPath(pathname);
    const target = this.target(clean, options.access);
    try {
      const result = await this.client.put(target.pathname, Buffer.from(body), {
        access: target.access,
        token: target.token,
        contentType: options.contentType,
        addRandomSuffix: false,
        allowOverwrite: options.overwrite !== false,
      });
      return { pathname: clean, url: options.access === 'public' ? result.url : `${PRIVATE_PREFIX}${clean}` };
    } catch (error) {
      if (options.overwrite === false && /already exists/i.test((error as Error).message)) throw new BlobExistsError(`Blob already exists: ${pathname}`);
      throw error;
    }
  }

  async get(pathname: string, access: BlobAccess): Promise<Buffer | null> {
    const target = this.target(pathname, access);
    const result = await this.client.get(target.pathname, { access: target.access, token: target.token, useCache: false });
    if (!result || result.statusCode !== 200 || !result.stream) return null;
    return Buffer.from(await new Response(result.stream).arrayBuffer());
  }

  async delete(pathname: string, access: BlobAccess): Promise<void> {
    const target = this.target(pathname, access);
    await this.client.del(target.pathname, { token: target.token });
  }

  locate(url: string): { pathname: string; access: BlobAccess } | null {
    if (url.startsWith(PRIVATE_PREFIX)) return locatePrivate(url);
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'https:' || parsed.hostname.toLowerCase() !== this.publicHost) return null;
      const pathname = safeBlobPath(decodeURIComponent(parsed.pathname));
      return pathname.startsWith('_private/') ? null : { pathname, access: 'public' };
    } catch {
      return null;
    }
  }
}

let store: BlobStore | undefined;

async function vercelClient(): Promise<VercelBlobClient> {
  const sdk = await import('@vercel/blob');
  return {
    put: async (pathname, body, options) => sdk.put(pathname, body, options),
    del: async (urlOrPathname, options) => sdk.del(urlOrPathname, options),
    get: async (urlOrPathname, options) => sdk.get(urlOrPathname, options),
  };
}

/** A store that loads @vercel/blob on first use, so the local default never imports it. */
class LazyVercelBlobStore implements BlobStore {
  private inner: Promise<VercelBlobStore> | undefined;
  private readonly sync: VercelBlobStore;

  constructor(
    private readonly publicToken: string,
    private readonly privateToken?: string,
  ) {
    // locate() is synchronous and needs no client.
    this.sync = new VercelBlobStore({ put: failing, del: failing, get: failing }, publicToken, privateToken);
  }
  private load(): Promise<VercelBlobStore> {
    this.inner ??= vercelClient().then((client) => new VercelBlobStore(client, this.publicToken, this.privateToken));
    return this.inner;
  }
  async put(pathname: string, body: Buffer | Uint8Array, options: PutOptions) {
    return (await this.load()).put(pathname, body, options);
  }
  async get(pathname: string, access: BlobAccess) {
    return (await this.load()).get(pathname, access);
  }
  async delete(pathname: string, access: BlobAccess) {
    return (await this.load()).delete(pathname, access);
  }
  locate(url: string) {
    return this.sync.locate(url);
  }
}

async function failing(): Promise<never> {
  throw new Error('not loaded');
}

export function getBlobStore(): BlobStore {
  if (store) return store;
  const env = getEnv();
  store = env.BLOB_READ_WRITE_TOKEN ? new LazyVercelBlobStore(env.BLOB_READ_WRITE_TOKEN, env.BLOB_PRIVATE_READ_WRITE_TOKEN) : new LocalBlobStore();
  return store;
}

/** Install a store for this process (tests). */
export function setBlobStore(next: BlobStore | undefined): void {
  store = next;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xml: 'application/xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function contentTypeFor(pathname: string): string {
  return CONTENT_TYPES[pathname.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
