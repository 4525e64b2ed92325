/**
 * A creator's emails to their customers (issue 31, docs/decisions/078): /sales/emails and
 * /api/studio/customer-emails.
 *
 * - Own sends only: another creator's send answers 404 CUSTOMER_EMAIL_NOT_FOUND, and a product
 *   of theirs 404 PRODUCT_NOT_FOUND; audiences are the creator's own buyers and followers.
 * - A send records the email (its Markdown and the sanitized HTML rendered once now) and the
 *   event 'customer-email.sent' in one transaction, after checking the daily limit (3 in any 24
 *   hours, counted under a lock of the creator's profile row, so two sends at once cannot both
 *   take the last one) and that the audience is not empty. The batch job (batches.job.ts) then
 *   queues the recipients' emails through the outbox, each recipient once.
 * - A test goes only to the creator's own address, as a transactional email (no unsubscribe to
 *   offer them; it says it is a test), and does not count against the limit.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/database';
import { getEnv } from '@/env';
import {
  CUSTOMER_EMAIL_DAILY_LIMIT,
  CUSTOMER_EMAIL_WINDOW_MS,
  recipientsLabel,
  sendAllowance,
  type CustomerEmailInput,
  type CustomerEmailList,
  type CustomerEmailView,
} from '@/src/shared/customer-emails';
import { CUSTOMER_EMAIL_AUDIENCE_LABELS } from '@/src/shared/domain';
import { profileUrl } from '@/src/shared/handles';
import { AppError } from '../_shared/errors';
import { creatorEmailContent, creatorEmailHtml } from '../email/content';
import { queueTransactionalEmail } from '../email/outbox';
import { renderEmail } from '../email/render';
import { afterCommit, emit, jobsReady } from '../jobs';
import {
  audienceSizes,
  countAudience,
  countCreatorOptOuts,
  findCreatorName,
  findOwnCustomerEmail,
  findOwnProduct,
  insertCustomerEmail,
  listOwnCustomerEmails,
  lockCreator,
  recentSendTimes,
  type AudienceSpec,
  type CustomerEmailRow,
} from './customer-emails.repository';

/** The sends a list shows (3 a day: a year's worth). */
const LIST_LIMIT = 200;

function toView(row: CustomerEmailRow): CustomerEmailView {
  return {
    id: row.id,
    audience: row.audience,
    productId: row.product_id,
    productTitle: row.product_title ?? null,
    subject: row.subject,
    recipients: row.recipient_count,
    sent: Number(row.sent ?? 0),
    delivered: Number(row.delivered ?? 0),
    unsubscribed: Number(row.unsubscribed ?? 0),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The audience of an input, the product checked to be the creator's (else 404). */
async function audienceOf(
  db: Db,
  creatorId: string,
  input: Pick<CustomerEmailInput, 'audience' | 'productId'>,
): Promise<AudienceSpec & { productTitle: string | null }> {
  if (input.audience !== 'product') return { creatorId, audience: input.audience, productId: null, productTitle: null };
  const product = input.productId ? await findOwnProduct(db, creatorId, input.productId) : undefined;
  if (!product) throw new AppError('PRODUCT_NOT_FOUND', undefined, { productId: 'Choose one of your products' });
  return { creatorId, audience: 'product', productId: product.id, productTitle: product.title };
}

/**
 * GET /api/studio/customer-emails: the creator's sends with their figures, what is left of the
 * day's limit, each audience's size now, and how many stopped the creator's emails.
 */
export async function listCustomerEmails(db: Db, creatorId: string, now = new Date()): Promise<CustomerEmailList> {
  const [rows, times, sizes, optedOut] = await Promise.all([
    listOwnCustomerEmails(db, creatorId, LIST_LIMIT),
    recentSendTimes(db, creatorId, new Date(now.getTime() - CUSTOMER_EMAIL_WINDOW_MS)),
    audienceSizes(db, creatorId),
    countCreatorOptOuts(db, creatorId),
  ]);
  const { remaining, nextAt } = sendAllowance(times, now);
  return {
    items: rows.map(toView),
    nextCursor: null,
    limit: CUSTOMER_EMAIL_DAILY_LIMIT,
    remaining,
    nextAt,
    audiences: [
      { audience: 'all_products', productId: null, label: CUSTOMER_EMAIL_AUDIENCE_LABELS.all_products, recipients: sizes.all },
      { audience: 'followers', productId: null, label: CUSTOMER_EMAIL_AUDIENCE_LABELS.followers, recipients: sizes.followers },
      ...sizes.products.map((p) => ({ audience: 'product' as const, productId: p.id, label: `Buyers of ${p.title}`, recipients: p.n })),
    ],
    optedOut,
  };
}

export async function getCustomerEmail(db: Db, creatorId: string, id: string): Promise<CustomerEmailView> {
  const row = await findOwnCustomerEmail(db, creatorId, id);
  if (!row) throw new AppError('CUSTOMER_EMAIL_NOT_FOUND');
  return toView(row);
}

/** POST /api/studio/customer-emails/preview: the body as the email shows it (sanitized HTML). */
export function previewCustomerEmail(input: { subject: string; body: string }): { subject: string; html: string } {
  return { subject: input.subject, html: creatorEmailHtml(input.body, getEnv().SITE_URL) };
}

/** POST /api/studio/customer-emails/test: the email, as its recipients will see it, to the creator's own address only. */
export async function sendTestCustomerEmail(db: Db, creatorId: string, input: CustomerEmailInput): Promise<{ to: string }> {
  const siteUrl = getEnv().SITE_URL;
  const [spec, creator] = await Promise.all([audienceOf(db, creatorId, input), findCreatorName(db, creatorId)]);
  if (!creator) throw new AppError('UNAUTHENTICATED');
  const recipients = await countAudience(db, spec);
  const { content } = creatorEmailContent(
    {
      audience: spec.audience,
      subject: input.subject,
      html: creatorEmailHtml(input.body, siteUrl),
      creatorName: creator.full_name,
      creatorPath: profileUrl({ id: creatorId, handle: creator.handle }),
      productTitle: spec.productTitle,
    },
    siteUrl,
  );
  const rendered = await renderEmail(
    { ...content, subject: `[Test] ${content.subject}` },
    {
      kind: 'transactional',
      reason: `A test of your email to ${recipientsLabel(recipients)} (${CUSTOMER_EMAIL_AUDIENCE_LABELS[spec.audience].toLowerCase()}). Only you got it; theirs will carry a one-click unsubscribe.`,
    },
  );
  // Each test is its own email (a random reference): a creator may test as often as the write limit allows.
  await queueTransactionalEmail(db, { userId: creatorId, reference: `creator_email_test:${randomUUID()}`, mail: { to: creator.email, ...rendered } });
  return { to: creator.email };
}

/** POST /api/studio/customer-emails: records the send (limit, audience) and its event; the batch job does the rest. */
export async function sendCustomerEmail(db: Db, creatorId: string, input: CustomerEmailInput, now = new Date()): Promise<CustomerEmailView> {
  const spec = await audienceOf(db, creatorId, input);
  const html = creatorEmailHtml(input.body, getEnv().SITE_URL);
  await jobsReady(db);
  const id = await db.transaction().execute(async (trx) => {
    await lockCreator(trx, creatorId);
    const { remaining, nextAt } = sendAllowance(await recentSendTimes(trx, creatorId, new Date(now.getTime() - CUSTOMER_EMAIL_WINDOW_MS)), now);
    if (remaining === 0) {
      const wait = Math.max(1, Math.ceil((Date.parse(nextAt!) - now.getTime()) / 1000));
      throw new AppError(
        'CUSTOMER_EMAIL_DAILY_LIMIT',
        `You can send ${CUSTOMER_EMAIL_DAILY_LIMIT} emails to customers in 24 hours. The next one can go at ${nextAt!.slice(11, 16)} UTC${nextAt!.slice(0, 10) !== now.toISOString().slice(0, 10) ? ` on ${nextAt!.slice(0, 10)}` : ''}.`,
        undefined,
        { retryAfterSeconds: wait },
      );
    }
    const recipients = await countAudience(trx, spec);
    if (recipients === 0) throw new AppError('CUSTOMER_EMAIL_NO_RECIPIENTS');
    const row = await insertCustomerEmail(trx, {
      creator_id: creatorId,
      audience: spec.audience,
      product_id: spec.productId,
      subject: input.subject,
      body_markdown: input.body,
      body_html: html,
      recipient_count: recipients,
    });
    await emit(trx, 'customer-email.sent', { customerEmailId: row.id }, { singletonKey: row.id });
    return row.id;
  });
  afterCommit(db, ['customer-email.sent']);
  return getCustomerEmail(db, creatorId, id);
}
