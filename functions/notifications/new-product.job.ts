/**
 * The fan-out of a new product (issue 18, docs/decisions/040): publishing a product (a creator's
 * save, or an administrator's approval) enqueues 'notify.new-product' in the transaction that
 * publishes it; this job writes a 'new_product' notice to every follower of its creator.
 *
 * Like the tool-update fan-out (functions/tool-updates/fan-out.job.ts): batches of 1,000
 * followers per INSERT … SELECT by user id, bounded slices with a continuation, idempotent
 * through unique (user_id, product_id) — published again later, a product notifies only the
 * followers who have not heard of it. Nothing when the product is no longer published by the
 * time the job runs. Then 'email.notifications' { productId } when that job is defined.
 */
import { defineJob, enqueue, isJobDefined } from '@/functions/jobs';
import { EMAIL_NOTIFICATIONS, SLICE_MS } from '../tool-updates/fan-out.job';
import { findPublishedProductForNotices, insertNewProductNoticeBatch, NEW_PRODUCT_BATCH } from './notifications.repository';

export const NEW_PRODUCT_FAN_OUT = 'notify.new-product';

export interface NewProductFanOut {
  productId: string;
  /** Where a continuation resumes: the last follower id done. */
  after?: string;
}

defineJob<NewProductFanOut>(
  NEW_PRODUCT_FAN_OUT,
  async (data, { db, signal }) => {
    const row = await findPublishedProductForNotices(db, data.productId);
    if (!row) return; // unpublished or deleted since: nothing to announce
    const product = { id: row.id, creatorId: row.creator_id, publishedAt: new Date(row.published_at ?? Date.now()) };
    let after = data.after ?? '';
    const until = Date.now() + SLICE_MS;
    for (;;) {
      const batch = await insertNewProductNoticeBatch(db, product, after);
      if (batch.seen < NEW_PRODUCT_BATCH || !batch.last) break;
      after = batch.last;
      if (Date.now() >= until || signal.aborted) {
        await enqueue(db, NEW_PRODUCT_FAN_OUT, { productId: product.id, after });
        return;
      }
    }
    if (await isJobDefined(db, EMAIL_NOTIFICATIONS)) {
      await enqueue(db, EMAIL_NOTIFICATIONS, { productId: product.id }, { singletonKey: `product:${product.id}` });
    }
  },
  { retryLimit: 8, retryDelay: 5, backoff: true, retryDelayMax: 15 * 60, expireInSeconds: 5 * 60 },
);
