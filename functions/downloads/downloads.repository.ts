/**
 * Queries of downloads: the deliverable columns of a published product, the download
 * record (every download is kept: sales, redownloads, analytics) with the counter raised once
 * per user and product and a free product's licence key claimed, and a user's history.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import type { DownloadType } from '@/src/shared/domain';
import { insertFreeLicense } from '../licenses/licenses.repository';

/**
 * A published product, or an archived one (its buyers keep what they paid for: the service
 * delivers an archived product only to someone with an entitlement). Drafts never.
 */
export async function findDownloadableProduct(db: Db, productId: string) {
  return db
    .selectFrom('products')
    .select([
      'id',
      'title',
      'price',
      'pricing_model',
      'pay_what_you_want',
      'status',
      'creator_id',
      'content_delivery_type',
      'file_urls',
      'download_url',
      'demo_url',
      'content_text',
      'issues_license_keys',
    ])
    .where('id', '=', productId)
    .where('status', 'in', ['published', 'archived'])
    .executeTakeFirst();
}

export async function recordDownload(
  db: Db,
  row: { userId: string; productId: string; downloadType: DownloadType; amount: number; contentAccessed: string; freeLicenseKey?: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('downloads')
      .values({
        user_id: row.userId,
        product_id: row.productId,
        download_type: row.downloadType,
        amount: row.amount,
        content_accessed: row.contentAccessed,
      })
      .execute();
    // downloads_count counts people: only a user's first download of the product raises it.
    // The primary key of product_downloaders decides, so concurrent downloads count once.
    const first = await trx
      .insertInto('product_downloaders')
      .values({ product_id: row.productId, user_id: row.userId })
      .onConflict((oc) => oc.columns(['product_id', 'user_id']).doNothing())
      .returning('product_id')
      .executeTakeFirst();
    if (first)
      await trx
        .updateTable('products')
        .set({ downloads_count: sql`downloads_count + 1` })
        .where('id', '=', row.productId)
        .execute();
    // A free product's licence key, claimed with the download it comes with (functions/licenses).
    if (row.freeLicenseKey) await insertFreeLicense(trx, { productId: row.productId, buyerId: row.userId, key: row.freeLicenseKey });
  });
}

export async function hasDownloaded(db: Db, userId: string, productId: string): Promise<boolean> {
  const row = await db.selectFrom('downloads').select('id').where('user_id', '=', userId).where('product_id', '=', productId).limit(1).executeTakeFirst();
  return Boolean(row);
}

export async function hasPaidDownload(db: Db, userId: string, productId: string): Promise<boolean> {
  const row = await db
    .selectFrom('downloads')
    .select('id')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('download_type', '=', 'paid')
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}
