/**
 * BlobStore: where uploaded and generated files live.
 * - Default: a local folder, DATA_DIR/blobs/{public,private}. Public files are served at
 *   /blobs/<path> by src/pages/blobs/[...path].ts; private ones (deliverables) only through
 *   the download endpoint.
 * - BLOB_READ_WRITE_TOKEN set: Vercel Blob (wired with the uploads work).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { dataPath } from './env';

export type BlobAccess = 'public' | 'private';

export interface StoredBlob {
  /** Store-relative path, e.g. products/<userId>/product-main-1700000000000-0.webp */
  pathname: string;
  /** URL a browser can load (public) or the server can read (private). */
  url: string;
}

export interface BlobStore {
  put(pathname: string, body: Buffer | Uint8Array, options: { contentType: string; access: BlobAccess }): Promise<StoredBlob>;
  get(pathname: string, access: BlobAccess): Promise<Buffer | null>;
  delete(pathname: string, access: BlobAccess): Promise<void>;
}

/** Refuses paths that could escape the store root. */
export function safeBlobPath(pathname: string): string {
  const normalized = path.posix.normalize(pathname.replace(/\\/g, '/')).replace(/^\/+/, '');
  if (!normalized || normalized.startsWith('..') || normalized.includes('/../') || normalized.includes('\0')) {
    throw new Error(`Invalid blob path: ${pathname}`);
  }
  return normalized;
}

export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string = dataPath('blobs')) {}

  private file(pathname: string, access: BlobAccess): string {
    return path.join(this.root, access, safeBlobPath(pathname));
  }

  async put(pathname: string, body: Buffer | Uint8Array, options: { contentType: string; access: BlobAccess }): Promise<StoredBlob> {
    const target = this.file(pathname, options.access);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file and a failure leaves nothing.
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temp, body);
    await fs.rename(temp, target);
    const clean = safeBlobPath(pathname);
    return { pathname: clean, url: options.access === 'public' ? `/blobs/${clean}` : `private:${clean}` };
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
}

let store: BlobStore | undefined;

export function getBlobStore(): BlobStore {
  store ??= new LocalBlobStore();
  return store;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', avif: 'image/avif', gif: 'image/gif', svg: 'image/svg+xml',
  json: 'application/json', txt: 'text/plain; charset=utf-8', csv: 'text/csv; charset=utf-8', xml: 'application/xml',
  pdf: 'application/pdf', zip: 'application/zip', rar: 'application/vnd.rar', doc: 'application/msword',
};

export function contentTypeFor(pathname: string): string {
  return CONTENT_TYPES[pathname.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
