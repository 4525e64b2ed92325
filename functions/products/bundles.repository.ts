/**
 * Every query on bundles' items (docs/decisions/080). A bundle is a product with rows here; the
 * writes match the bundle's creator, so another creator's bundle behaves as if it did not exist.
 * The buyer's side (access through a bundle order, the library, a partial owner's price) is in
 * functions/payments/payments.repository.ts.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@/db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/** The products asked for as items, as the rules read them (missing ids are absent). */
export async function findItemCandidates(db: Q, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('products as p')
    .select(['p.id', 'p.title', 'p.creator_id', 'p.status', 'p.pricing_model', 'p.pay_what_you_want', 'p.price'])
    .select(sql<boolean>`exists (select 1 from bundle_items bi where bi.bundle_id = p.id)`.as('is_bundle'))
    .where('p.id', 'in', ids)
    .execute();
}

/** One of the creator's bundles (a product of theirs with items), or undefined: another's answers the same. */
export async function findOwnBundle(db: Q, creatorId: string, id: string) {
  return db
    .selectFrom('products as p')
    .select(['p.id', 'p.title', 'p.status', 'p.price', 'p.creator_id'])
    .where('p.id', '=', id)
    .where('p.creator_id', '=', creatorId)
    .where(sql<boolean>`exists (select 1 from bundle_items bi where bi.bundle_id = p.id)`)
    .executeTakeFirst();
}

/** The bundle's items become `ids`, in that order. */
export async function replaceBundleItems(trx: Q, bundleId: string, ids: readonly string[]): Promise<void> {
  await trx.deleteFrom('bundle_items').where('bundle_id', '=', bundleId).execute();
  await trx
    .insertInto('bundle_items')
    .values(ids.map((productId, position) => ({ bundle_id: bundleId, product_id: productId, position })))
    .execute();
}

/** The items of these bundles, in their order, with what they cost alone today. */
export async function listItemsOfBundles(db: Q, bundleIds: readonly string[]) {
  if (!bundleIds.length) return [];
  return db
    .selectFrom('bundle_items as bi')
    .innerJoin('products as p', 'p.id', 'bi.product_id')
    .select(['bi.bundle_id', 'p.id', 'p.title', 'p.price', 'p.status'])
    .where('bi.bundle_id', 'in', bundleIds)
    .orderBy('bi.bundle_id')
    .orderBy('bi.position')
    .execute();
}

/** The creator's bundles, newest first. */
export async function listOwnBundles(db: Q, creatorId: string) {
  return db
    .selectFrom('products as p')
    .select(['p.id', 'p.title', 'p.status', 'p.price'])
    .where('p.creator_id', '=', creatorId)
    .where(sql<boolean>`exists (select 1 from bundle_items bi where bi.bundle_id = p.id)`)
    .orderBy('p.created_at', 'desc')
    .execute();
}

/** A published bundle (for its product page), or undefined. */
export async function findPublishedBundle(db: Q, id: string) {
  return db
    .selectFrom('products as p')
    .select(['p.id', 'p.title', 'p.status', 'p.price'])
    .where('p.id', '=', id)
    .where('p.status', '=', 'published')
    .where(sql<boolean>`exists (select 1 from bundle_items bi where bi.bundle_id = p.id)`)
    .executeTakeFirst();
}

/** The published bundles holding this product: 'Also in the bundle X'. */
export async function listPublishedBundlesHolding(db: Q, productId: string) {
  return db
    .selectFrom('bundle_items as bi')
    .innerJoin('products as p', 'p.id', 'bi.bundle_id')
    .select(['p.id', 'p.title', 'p.price'])
    .where('bi.product_id', '=', productId)
    .where('p.status', '=', 'published')
    .orderBy('p.title')
    .execute();
}

/** The creator's products a bundle may hold: published, one-time, a fixed price above $0, not bundles. */
export async function listItemChoices(db: Q, creatorId: string) {
  return db
    .selectFrom('products as p')
    .select(['p.id', 'p.title', 'p.price'])
    .where('p.creator_id', '=', creatorId)
    .where('p.status', '=', 'published')
    .where('p.pricing_model', '=', 'one_time')
    .where('p.pay_what_you_want', '=', false)
    .where('p.price', '>', '0')
    .where(sql<boolean>`not exists (select 1 from bundle_items bi where bi.bundle_id = p.id)`)
    .orderBy('p.title')
    .limit(500)
    .execute();
}

/** The bundle's deliverable text (which products it gives), rewritten when its items change. */
export async function updateBundleText(trx: Q, bundleId: string, text: string): Promise<void> {
  await trx.updateTable('products').set({ content_text: text, updated_at: new Date() }).where('id', '=', bundleId).execute();
}
