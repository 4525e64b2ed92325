/**
 * The review queue (issue 15, docs/decisions/031): what an administrator does with the products
 * that wait before they are public (products.service.ts decides which wait). The queue is
 * oldest first; Approve publishes the product through products.service.ts's publishAfterReview
 * (the same steps as a creator's publish: product.published webhook, the pages re-rendered);
 * Reject keeps it private with a reason the creator reads in their studio and by email, and the
 * creator may edit it and publish again, which submits it again. The creator is told by email,
 * written to the outbox once the decision is saved (docs/decisions/059). Only administrators
 * (profiles.role = 'admin'); anyone else gets 403 FORBIDDEN (the page: a 404).
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { decodeCursor, pageOf } from '../_shared/cursor';
import { getEnv } from '@/env';
import { queueTransactionalEmail } from '../email/outbox';
import { transactionalEmail, type TransactionalContent } from '../email/transactional';
import { isAdmin } from '../_shared/auth-guard';
import { isTimestampText, isUuid } from '@/src/shared/ids';
import { LIMIT_DEFAULT } from '@/src/shared/api/contract';
import type { ReviewDecision, ReviewQueueItem } from '@/src/shared/api/schemas/products';
import { countOwnInReview, findProductForReview, listReviewQueue as listQueueRows, markRejected } from './products.repository';
import { publishAfterReview } from './products.service';

const iso = (at: Date | string) => (typeof at === 'string' ? new Date(at).toISOString() : at.toISOString());

async function assertAdmin(db: Db, actorId: string): Promise<void> {
  if (!(await isAdmin(db, actorId))) throw new AppError('FORBIDDEN');
}

const QueueCursor = z.strictObject({
  s: z.string().check(z.refine(isTimestampText)),
  id: z.string().check(z.refine(isUuid)),
});

/** A page of the queue, oldest submission first, and the cursor of the next page. */
export async function listReviewQueue(
  db: Db,
  actorId: string,
  { cursor, limit = LIMIT_DEFAULT }: { cursor?: string | undefined; limit?: number },
): Promise<{ items: ReviewQueueItem[]; nextCursor: string | null }> {
  await assertAdmin(db, actorId);
  const after = decodeCursor(cursor, QueueCursor);
  const rows = await listQueueRows(db, { after: after ? { submittedAt: after.s, id: after.id } : undefined, limit: limit + 1 });
  const page = pageOf(rows, limit, (row) => ({ s: row.submitted_at_text, id: row.id }));
  return {
    items: page.items.map((row) => ({
      id: row.id,
      title: row.title,
      shortDescription: row.short_description,
      description: row.description,
      categoryId: row.category_id,
      pricingModel: row.pricing_model,
      payWhatYouWant: row.pay_what_you_want,
      price: Number(row.price),
      imageUrl: row.image_url,
      creatorId: row.creator_id,
      creatorName: row.creator_name,
      creatorEmail: row.creator_email,
      creatorEmailVerified: row.creator_email_verified,
      creatorJoinedAt: iso(row.creator_joined_at),
      // In the queue, submitted_at is always set (the save that queued it stamped it).
      submittedAt: iso(row.submitted_at ?? row.creator_joined_at),
    })),
    nextCursor: page.nextCursor,
  };
}

/** The creator's email of a decision on product `productId`, to the outbox (sent by its job: a mail failure never undoes the decision). */
async function tell(db: Db, creatorId: string, productId: string, content: TransactionalContent): Promise<void> {
  const mail = await transactionalEmail({ reason: 'You get this email because you publish products on toolmint.', ...content });
  // A product can be rejected, edited and submitted again: each decision is an email of its own.
  await queueTransactionalEmail(db, { userId: creatorId, reference: `review:${productId}:${randomUUID()}`, mail });
}

const studioUrl = (id: string) => new URL(`/products?edit=${encodeURIComponent(id)}`, getEnv().SITE_URL).toString();

/** Approve: the product is published now (409 NOT_IN_REVIEW when it no longer waits). */
export async function approveProduct(db: Db, actorId: string, id: string): Promise<ReviewDecision> {
  await assertAdmin(db, actorId);
  if (!isUuid(id)) throw new AppError('PRODUCT_NOT_FOUND');
  const waiting = await findProductForReview(db, id);
  if (!waiting) throw new AppError('PRODUCT_NOT_FOUND');
  if (waiting.status !== 'in_review') throw new AppError('NOT_IN_REVIEW');
  // Decided again under the row's lock: a product withdrawn or approved meanwhile is left alone.
  const published = await publishAfterReview(db, waiting.creator_id, id);
  if (!published) throw new AppError('NOT_IN_REVIEW');
  await tell(db, waiting.creator_id, id, {
    to: waiting.email,
    subject: `“${waiting.title}” is live on toolmint`,
    greeting: waiting.name ? `Hi ${waiting.name},` : 'Hi,',
    intro: [`Your product “${waiting.title}” was approved and is now on the marketplace.`],
    action: { label: 'See your product', url: new URL(`/product/${id}`, getEnv().SITE_URL).toString() },
    outro: ['New accounts have their first products checked before they are public. Thank you for waiting.'],
  });
  return { id, status: 'published' };
}

/** Reject, with the reason the creator reads (409 NOT_IN_REVIEW when it no longer waits). */
export async function rejectProduct(db: Db, actorId: string, id: string, { reason }: { reason: string }): Promise<ReviewDecision> {
  await assertAdmin(db, actorId);
  if (!isUuid(id)) throw new AppError('PRODUCT_NOT_FOUND');
  const decided = await findProductForReview(db, id);
  if (!decided) throw new AppError('PRODUCT_NOT_FOUND');
  if (!(await markRejected(db, id, reason))) throw new AppError('NOT_IN_REVIEW');
  await tell(db, decided.creator_id, id, {
    to: decided.email,
    subject: `“${decided.title}” was not approved`,
    greeting: decided.name ? `Hi ${decided.name},` : 'Hi,',
    intro: [`Your product “${decided.title}” was not approved for the marketplace. The reviewer wrote:`, reason],
    action: { label: 'Edit your product', url: studioUrl(id) },
    outro: ['Change what the reviewer asked for, set the status to Published and save: it is checked again.'],
  });
  return { id, status: 'rejected' };
}

/** How many of the creator's products wait for review or were not approved (the dashboard's notice). */
export async function countAwaitingReview(db: Db, creatorId: string): Promise<{ inReview: number; rejected: number }> {
  return countOwnInReview(db, creatorId);
}
