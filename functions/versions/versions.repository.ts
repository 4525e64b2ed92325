/**
 * Every query of product_versions (docs/decisions/030): the versions a product was released
 * at, newest first, and the release of a new one. A version string is unique per product, so
 * a second release of the same string does nothing.
 */
import type { Db } from '@/db/database';
import { after, timeKey, type TimeKeyset } from '../_shared/keyset.repository';

/** Every version of one product, newest first (a product has a few dozen at most). */
export async function listProductVersions(db: Db, productId: string) {
  return db
    .selectFrom('product_versions')
    .select(['id', 'version', 'notes', 'released_at'])
    .where('product_id', '=', productId)
    .orderBy('released_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A keyset page of one product's versions, newest first. */
export async function pageProductVersions(db: Db, productId: string, options: { after?: TimeKeyset | null; limit: number }) {
  let query = db
    .selectFrom('product_versions as v')
    .select(['v.id', 'v.version', 'v.notes', 'v.released_at', timeKey('v.released_at').as('cursor_at')])
    .where('v.product_id', '=', productId);
  if (options.after) query = query.where(after('v.released_at', 'v.id', options.after));
  return query.orderBy('v.released_at', 'desc').orderBy('v.id', 'desc').limit(options.limit).execute();
}

/** Records a release; undefined when this version string was already released. */
export async function insertProductVersion(db: Db, values: { productId: string; version: string; notes: string | null }) {
  return db
    .insertInto('product_versions')
    .values({ product_id: values.productId, version: values.version, notes: values.notes })
    .onConflict((oc) => oc.columns(['product_id', 'version']).doNothing())
    .returning(['id', 'version'])
    .executeTakeFirst();
}

/** The release notes of a released version, corrected by its creator. */
export async function updateVersionNotes(db: Db, versionId: string, notes: string | null): Promise<void> {
  await db.updateTable('product_versions').set({ notes }).where('id', '=', versionId).execute();
}

/** Whether a product exists and is published (the public list of versions is of published products only). */
export async function findPublishedProductId(db: Db, productId: string) {
  return db.selectFrom('products').select('id').where('id', '=', productId).where('status', '=', 'published').executeTakeFirst();
}
