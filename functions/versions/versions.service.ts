/**
 * Product versions (issue 15, docs/decisions/030): a creator sets a version number and release
 * notes in the editor (products.version, products.release_notes); a save that leaves the product
 * published at a version not released before releases it (product_versions), and when the
 * product was already out (published before this save, or released at an earlier version) its
 * owners are notified, in the same transaction (functions/notifications).
 *
 * Rules, checked under the product's row lock inside the save's transaction (so a refusal rolls
 * the save back, and two concurrent saves release a version once):
 * - a released product keeps a version number (it cannot be cleared);
 * - a version string is never used twice: going back to an earlier released one is refused;
 * - the current (latest released) version may keep being saved: its notes follow the editor's.
 * Read by the product page ('What's new') and GET /api/products/{id}/versions.
 */
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { decodeCursor, pageOf } from '../_shared/cursor';
import { positionOf, TimeKeysetSchema } from '../_shared/keyset.repository';
import { isUuid } from '@/src/shared/ids';
import type { ProductVersion } from '@/src/shared/api/schemas/versions';
import { notifyOwnersOfVersion } from '../notifications/notifications.service';
import { findPublishedProductId, insertProductVersion, listProductVersions, pageProductVersions, updateVersionNotes } from './versions.repository';

/** The product as a save left it (inside its transaction). */
export interface SavedProduct {
  id: string;
  creator_id: string;
  status: string;
  version: string | null;
  release_notes: string | null;
}

function refuse(message: string): never {
  throw new AppError('VALIDATION_FAILED', undefined, { version: message });
}

/**
 * Applies the version rules to a save and releases a new version. Call it inside the save's
 * transaction, after the product's row was locked and updated; `previousStatus` is its status
 * before the save (null for a new product). Returns the release and how many owners it notified.
 */
export async function releaseVersionInTrx(
  trx: Db,
  previousStatus: string | null,
  row: SavedProduct,
): Promise<{ released: { id: string; version: string } | null; notified: number }> {
  const history = await listProductVersions(trx, row.id);
  const current = history[0];
  if (row.version === null) {
    if (current) refuse(`This product was released as v${current.version}: keep a version number`);
    return { released: null, notified: 0 };
  }
  const used = history.find((v) => v.version === row.version);
  if (used) {
    if (used !== current) refuse(`v${row.version} was released before: use a version number after v${current?.version ?? row.version}`);
    if ((used.notes ?? null) !== row.release_notes && row.status === 'published') await updateVersionNotes(trx, used.id, row.release_notes);
    return { released: null, notified: 0 };
  }
  // A new version number on a draft is only being prepared: it is released when published.
  if (row.status !== 'published') return { released: null, notified: 0 };
  const released = await insertProductVersion(trx, { productId: row.id, version: row.version, notes: row.release_notes });
  if (!released) return { released: null, notified: 0 };
  const wasOut = previousStatus === 'published' || history.length > 0;
  const notified = wasOut ? await notifyOwnersOfVersion(trx, { id: released.id, productId: row.id, creatorId: row.creator_id }) : 0;
  return { released, notified };
}

const toVersion = (v: { version: string; notes: string | null; released_at: Date | string }): ProductVersion => ({
  version: v.version,
  notes: v.notes,
  releasedAt: new Date(v.released_at).toISOString(),
});

/** Every released version of a product, newest first: the product page's 'What's new'. */
export async function getVersionHistory(db: Db, productId: string): Promise<ProductVersion[]> {
  return (await listProductVersions(db, productId)).map(toVersion);
}

/** GET /api/products/{id}/versions: a published product's versions, newest first, a keyset page. */
export async function listVersions(db: Db, productId: string, query: { cursor?: string | undefined; limit: number }) {
  if (!isUuid(productId) || !(await findPublishedProductId(db, productId))) throw new AppError('PRODUCT_NOT_FOUND');
  const afterPosition = decodeCursor(query.cursor, TimeKeysetSchema);
  const rows = await pageProductVersions(db, productId, { after: afterPosition, limit: query.limit + 1 });
  const page = pageOf(rows, query.limit, positionOf);
  return { items: page.items.map(toVersion), nextCursor: page.nextCursor };
}
