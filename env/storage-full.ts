/**
 * A full disk, recognised wherever it surfaces (issue 29, docs/decisions/053): Node's ENOSPC
 * (and EDQUOT, a quota that is full) from the local blob folder, the outbox or the page store;
 * PostgreSQL's SQLSTATE 53100 disk_full and its 'could not extend file' / 'No space left on
 * device' messages from either driver; PGlite aborting its WebAssembly module when a write fails
 * while the data folder has (almost) no space left; and a Vercel Blob store suspended, which is
 * what Vercel does to a store over its plan's storage.
 *
 * Called by handle() in functions/_shared/http.ts (the one place errors become answers) and the
 * upload paths, which answer 507 STORAGE_FULL (functions/_shared/storage-full.ts), and by the
 * database module (db/database.ts), which refuses to open the embedded database on a full disk
 * and says so. Beside the environment, below both db/ and functions/: it imports neither
 * (docs/decisions/063).
 */
import fs from 'node:fs';
import path from 'node:path';
import { getEnv } from './index';
import { formatBytes } from '@/src/shared/format';

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
const FULL_MESSAGES = /No space left on device|could not extend file|Disk quota exceeded|\bENOSPC\b/i;
/** What PGlite throws once a failed write has stopped its PostgreSQL: full only if the folder is. */
const PGLITE_ABORT = /^Aborted\(/;
/** Below this, a PGlite abort is taken for a full disk (a WAL segment alone is 16 MB). */
export const LOW_SPACE_BYTES = 64 * 1024 * 1024;

export interface FreeSpace {
  /** The folder measured: DATA_DIR, or the nearest folder above it that exists. */
  folder: string;
  freeBytes: number;
  totalBytes: number;
}

/** Free space (for an unprivileged writer) of the file system holding `dir`; null where it cannot be told (memory://, no such disk). */
export function freeSpaceOf(dir: string): FreeSpace | null {
  if (dir.startsWith('memory://')) return null;
  let folder = path.resolve(dir);
  for (;;) {
    try {
      const stats = fs.statfsSync(folder);
      return { folder: path.resolve(dir), freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
    } catch {
      const parent = path.dirname(folder);
      if (parent === folder) return null;
      folder = parent;
    }
  }
}

export function describeFreeSpace(space: FreeSpace | null): string {
  return space ? `${formatBytes(space.freeBytes)} free of ${formatBytes(space.totalBytes)}` : 'free space unknown';
}

/** DATA_DIR, or its default when the environment does not validate (a full disk is reported anyway). */
export function dataDir(): string {
  try {
    return getEnv().DATA_DIR;
  } catch {
    return '.data';
  }
}

/** Whether `error` (or what caused it, or one of an AggregateError's) says the storage is full. */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
  // Our own AppError (functions/_shared/errors.ts, named so): full only if it is the 507 itself.
  if (e.name === 'AppError') return e.code === 'STORAGE_FULL';
  if (typeof e.code === 'string' && FULL_CODES.has(e.code)) return true;
  if (e.name === 'BlobStoreSuspendedError') return true;
  if (typeof e.message === 'string') {
    if (FULL_MESSAGES.test(e.message)) return true;
    if (PGLITE_ABORT.test(e.message)) {
      const space = freeSpaceOf(dataDir());
      if (space && space.freeBytes < LOW_SPACE_BYTES) return true;
    }
  }
  if (isStorageFull(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isStorageFull(inner, depth + 1));
}
