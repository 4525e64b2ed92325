/**
 * The answer to a full disk (issue 29, docs/decisions/053): 507 STORAGE_FULL, logged once with
 * what failed and the free space of DATA_DIR. A full disk is recognised by isStorageFull
 * (env/storage-full.ts, which the database module uses too); handle() in http.ts and the upload
 * paths call this for what it recognised.
 */
import path from 'node:path';
import { dataDir, describeFreeSpace, freeSpaceOf } from '@/env/storage-full';
import { AppError } from './errors';

/**
 * The 507 for a failure isStorageFull recognised, logged once here with what failed and the free
 * space of DATA_DIR (the stack says nothing more useful and would be repeated for every request).
 */
export function storageFullError(error: unknown, where: string): AppError {
  if (error instanceof AppError && error.code === 'STORAGE_FULL') return error;
  const dir = dataDir();
  const reason = error instanceof Error ? error.message : String(error);
  console.error(
    `[storage] out of storage space: ${where} was not saved (${reason}); data folder ${dir.startsWith('memory://') ? dir : path.resolve(dir)}: ${describeFreeSpace(freeSpaceOf(dir))}`,
  );
  return new AppError('STORAGE_FULL');
}
