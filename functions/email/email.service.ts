/**
 * Notification emails queued once, and every email of the outbox sent once (issue 18, 28;
 * docs/decisions/041, 059).
 *
 * - Queueing: an event (a tool update's notices, a creator's new product, a sale, a review, a
 *   community notice) becomes at most one email_messages row per user, kind and reference
 *   (`on conflict do nothing`), so a job that runs twice queues once. The user's channel for
 *   the kind decides: 'instant' -> status 'queued', with its 'email.deliver' job in the same
 *   transaction (outbox.ts); 'daily' / 'weekly' -> 'pending_digest' (functions/email/digest.service.ts
 *   gathers it); 'off' / 'app' -> no row. Fan-outs walk their recipients by user id, BATCH
 *   rows per statement.
 * - Sending (deliverEmail, the 'email.deliver' job of one message): a message that is no longer
 *   'queued' is left alone, so a replayed job sends nothing. At send time the address must not
 *   be suppressed (bounce, complaint); a notification's account must still have a verified
 *   address and the kind must still be on that channel; otherwise the row is 'cancelled' with
 *   the reason. The mailer gets the row id as its idempotency key (Resend's Idempotency-Key,
 *   the outbox folder's file name), so a crash between sending and recording sends once. A
 *   refusal of the provider is recorded on the row and thrown: pg-boss retries the job with
 *   backoff, and after its last retry the message is kept as 'failed' with its error
 *   (markDeliveryFailed, the job's dead letter), never dropped.
 */
import type { Db } from '@/db/database';
import type { EmailMessage } from '@/db/schema';
import { getEnv } from '@/env';
import { getMailer, type Mailer } from '../_shared/mailer';
import {
  EMAIL_KINDS,
  EMAIL_SETTINGS_PATH,
  UNSUBSCRIBE_API_PATH,
  UNSUBSCRIBE_PAGE_PATH,
  type EmailKind,
  type EmailMessageKind,
} from '@/src/shared/email-preferences';
import { creatorEmailPiece, eventContent, pieceOf } from './content';
import { optedOutOfSend } from './creator-opt-outs.repository';
import { isUuid } from '@/src/shared/ids';
import { channelOf, getPreferences, unsubscribeLabel } from './preferences.service';
import { renderEmail } from './render';
import type { EmailCard, EmailContent, EmailSection } from './templates/email';
import { createUnsubscribeToken } from './unsubscribe-token';
import {
  findProductStatus,
  findRecipient,
  findSuppressionReason,
  findToolUpdateType,
  finishAttempt,
  followerRecipients,
  insertNotificationEmail,
  markEmailFailed,
  queueEmailBatch,
  startAttempt,
  toolUpdateRecipients,
  type Recipients,
} from './email.repository';
import { enqueueDeliveries, inOutboxTransaction } from './outbox';

/** Rows written per statement by a fan-out. */
const EMAIL_BATCH = 1000;

export interface QueueInput {
  userId: string;
  kind: EmailKind;
  /** What the email is about, unique per user and kind: `sale:<order id>`, `reply:<id>`. */
  reference: string;
  /** The card of a kind without a table of ours (functions/email/content.ts CardPayload). */
  payload?: Record<string, unknown> | null;
}

/**
 * Queues one user's email of one event as their preference says, in `db`'s transaction (or one
 * of its own, outbox.ts): the new row's id, or null (off, in the app only, or queued before).
 * 'Email at once' enqueues its delivery with it.
 */
export async function queueNotificationEmail(db: Db, input: QueueInput): Promise<string | null> {
  return inOutboxTransaction(db, async (trx) => {
    const channel = await channelOf(trx, input.userId, input.kind);
    if (channel !== 'instant' && channel !== 'daily' && channel !== 'weekly') return null;
    const row = await insertNotificationEmail(trx, { ...input, channel });
    if (row && channel === 'instant') await enqueueDeliveries(trx, [row.id]);
    return row?.id ?? null;
  });
}

export type CommunityEmailKind = Extract<EmailKind, 'community_reply' | 'community_mention' | 'community_answer_accepted'>;

/**
 * For the community notices (replies, mentions, accepted answers): the email of one notice, as
 * the person's preference for its kind says. `reference` is unique per person and kind
 * (`reply:<id>`); `card.url` a path on the site.
 */
export async function queueCommunityEmail(
  db: Db,
  input: { userId: string; kind: CommunityEmailKind; reference: string; subject: string; intro: string; card: EmailCard; reason?: string },
): Promise<string | null> {
  const { userId, kind, reference, ...payload } = input;
  return queueNotificationEmail(db, { userId, kind, reference, payload: { ...payload } });
}

/** Where a fan-out stopped: the last user id it walked past, or null when it is done. */
export interface FanOutResult {
  queued: number;
  next: string | null;
}

/**
 * Walks recipients by user id, EMAIL_BATCH a statement, at most `maxBatches` statements (a job
 * enqueues its own continuation from `next`, so no single run outlives a serverless function).
 */
async function fanOut(
  db: Db,
  kind: EmailKind,
  reference: string,
  recipients: Recipients,
  options: { after?: string; maxBatches?: number; batchSize?: number } = {},
): Promise<FanOutResult> {
  const size = options.batchSize ?? EMAIL_BATCH;
  let after = options.after ?? '';
  let queued = 0;
  for (let batch = 0; batch < (options.maxBatches ?? Number.POSITIVE_INFINITY); batch++) {
    // A batch's rows and the deliveries of those to send at once commit together.
    const result = await inOutboxTransaction(db, async (trx) => {
      const written = await queueEmailBatch(trx, { kind, reference, recipients, after, limit: size });
      await enqueueDeliveries(trx, written.instant);
      return written;
    });
    queued += Number(result.queued);
    if (Number(result.seen) < size || !result.last) return { queued, next: null };
    after = result.last;
  }
  return { queued, next: after };
}

/**
 * The emails of a tool update: one per user with a notice of it (its followers, and for a
 * security update the buyers of products built on the tool), as each one's preference for
 * 'security_update' or 'tool_update' says. Runs after the notices are written (the
 * 'email.notifications' job); running it again queues nothing more.
 */
export async function queueToolUpdateEmails(db: Db, updateId: string, options: { after?: string; maxBatches?: number } = {}): Promise<FanOutResult> {
  const update = await findToolUpdateType(db, updateId);
  if (!update) return { queued: 0, next: null };
  const kind: EmailKind = update.update_type === 'security' ? 'security_update' : 'tool_update';
  return fanOut(db, kind, `update:${update.id}`, toolUpdateRecipients(update.id), options);
}

/** The emails of a creator's newly published product, to their followers ('new_product'). */
export async function queueNewProductEmails(db: Db, productId: string, options: { after?: string; maxBatches?: number } = {}): Promise<FanOutResult> {
  const product = await findProductStatus(db, productId);
  if (!product || product.status !== 'published') return { queued: 0, next: null };
  return fanOut(db, 'new_product', `product:${product.id}`, followerRecipients(product.creator_id), options);
}

/**
 * One batch of a creator's email to customers (docs/decisions/078): `batchSize` recipients after
 * `after` of `recipients` (functions/customer-emails builds them), each queued once (reference
 * `creator_email:<id>`, unique per user) as their preference for 'creator_email' says.
 */
export async function queueCreatorEmailBatch(
  db: Db,
  customerEmailId: string,
  recipients: Recipients,
  options: { after?: string; batchSize: number },
): Promise<FanOutResult> {
  return fanOut(db, 'creator_email', `creator_email:${customerEmailId}`, recipients, { ...options, maxBatches: 1 });
}

// --- Sending ---------------------------------------------------------------------------------

/** Why a notification may not go out now, or null (the address's suppression is checked for every message). */
async function refusal(db: Db, message: EmailMessage & { kind: EmailMessageKind }): Promise<string | null> {
  if (message.kind === 'daily_digest') {
    const preferences = await getPreferences(db, message.user_id);
    return EMAIL_KINDS.some((k) => preferences[k] === 'daily') ? null : 'no kind is on the daily digest any more';
  }
  const channel = await channelOf(db, message.user_id, message.kind);
  // A creator's email to someone who stopped that creator's emails since their batch ran.
  if (message.kind === 'creator_email') {
    const sendId = message.reference.slice('creator_email:'.length);
    if (isUuid(sendId) && (await optedOutOfSend(db, message.user_id, sendId))) return 'the recipient stopped this creator’s emails';
  }
  if (message.kind === 'weekly_digest') return channel === 'weekly' || (await hasWeeklyKind(db, message.user_id)) ? null : 'the weekly digest was turned off';
  return channel === message.channel ? null : `email about ${message.kind} was turned off`;
}

async function hasWeeklyKind(db: Db, userId: string): Promise<boolean> {
  const preferences = await getPreferences(db, userId);
  return EMAIL_KINDS.some((k) => k !== 'weekly_digest' && preferences[k] === 'weekly');
}

/** The links of a notification email: the settings page, the unsubscribe page and the one-click URL. */
function unsubscribeLinks(siteUrl: string, userId: string, kind: EmailMessageKind, now = new Date(), messageId?: string) {
  const token = createUnsubscribeToken(userId, kind, { now, ...(messageId ? { messageId } : {}) });
  const page = new URL(UNSUBSCRIBE_PAGE_PATH, siteUrl);
  page.searchParams.set('token', token);
  const oneClick = new URL(UNSUBSCRIBE_API_PATH, siteUrl);
  oneClick.searchParams.set('token', token);
  return { token, page: page.toString(), oneClick: oneClick.toString(), settings: new URL(EMAIL_SETTINGS_PATH, siteUrl).toString() };
}

/** The rendered email of a notification, or the reason it has nothing to say. */
async function composeMessage(db: Db, message: EmailMessage & { kind: EmailMessageKind }, to: string, siteUrl: string, now = new Date()): Promise<Composed> {
  let content: EmailContent;
  let reason: string;
  // What the footer's link stops: the kind, or for a creator's email that creator's emails.
  let stops = unsubscribeLabel(message.kind).toLowerCase();
  if (message.kind === 'daily_digest' || message.kind === 'weekly_digest') {
    const payload = message.payload as { sections?: EmailSection[]; subject?: string; intro?: string } | null;
    if (!payload?.sections?.length) return { ok: false, reason: 'the digest is empty' };
    const subject = payload.subject ?? 'Your toolmint digest';
    content = {
      subject,
      preview: payload.intro ?? subject,
      heading: subject,
      paragraphs: payload.intro ? [payload.intro] : [],
      sections: payload.sections,
      action: { label: 'Open toolmint', url: siteUrl },
    };
    reason =
      message.kind === 'daily_digest'
        ? 'You get this daily digest because some of your notifications are set to "Daily digest".'
        : 'You get this weekly digest because it is on in your notification settings.';
  } else if (message.kind === 'creator_email') {
    const piece = await creatorEmailPiece(db, message.reference, siteUrl);
    if (!piece) return { ok: false, reason: 'the creator’s email is gone' };
    ({ content, reason } = piece);
    stops = `emails from ${piece.creatorName}`;
  } else {
    const piece = await pieceOf(db, message, siteUrl);
    if (!piece) return { ok: false, reason: 'what it was about is gone' };
    content = eventContent(piece);
    reason = piece.reason;
  }
  // A creator's email names its message in its link, for the send's 'unsubscribed' figure (docs/decisions/078).
  const links = unsubscribeLinks(siteUrl, message.user_id, message.kind, now, message.kind === 'creator_email' ? message.id : undefined);
  const rendered = await renderEmail(content, {
    kind: 'notification',
    reason,
    settingsUrl: links.settings,
    unsubscribeUrl: links.page,
    unsubscribeLabel: stops,
  });
  return {
    ok: true,
    mail: {
      to,
      ...rendered,
      idempotencyKey: message.id,
      headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
  };
}

type Composed = { ok: true; mail: Parameters<Mailer['send']>[0] } | { ok: false; reason: string };

/** The email of a transactional message, as its writer rendered it. */
function storedMessage(message: EmailMessage): Composed {
  if (!message.to_email || !message.content) return { ok: false, reason: 'nothing to send' };
  return { ok: true, mail: { to: message.to_email, ...message.content, idempotencyKey: message.id } };
}

/** The email of a notification, to its account's verified address as the preferences now say. */
async function notificationMessage(db: Db, message: EmailMessage & { kind: EmailMessageKind }, siteUrl: string, now: Date): Promise<Composed> {
  const user = await findRecipient(db, message.user_id);
  // An address nobody proved is theirs gets no notifications (no mail to someone else's inbox).
  if (!user) return { ok: false, reason: 'the account was deleted' };
  if (!user.email_verified) return { ok: false, reason: 'the address is not verified' };
  const why = await refusal(db, message);
  return why ? { ok: false, reason: why } : composeMessage(db, message, user.email, siteUrl, now);
}

/**
 * Sends one message of the outbox, once (see the header): the 'email.deliver' job's work. A
 * message that is not 'queued' any more is left alone; a refusal of the provider is recorded
 * on the row and thrown, for the job to be retried.
 */
export async function deliverEmail(db: Db, messageId: string): Promise<'sent' | 'cancelled' | 'not queued'> {
  const message = await startAttempt(db, messageId);
  if (!message) return 'not queued';
  const { kind } = message;
  const composed = kind === 'transactional' ? storedMessage(message) : await notificationMessage(db, { ...message, kind }, getEnv().SITE_URL, new Date());
  const suppressed = composed.ok ? await findSuppressionReason(db, composed.mail.to) : undefined;
  if (!composed.ok || suppressed) {
    const reason = suppressed ? `the address is suppressed (${suppressed.reason})` : !composed.ok ? composed.reason : 'nothing to send';
    await finishAttempt(db, message.id, { status: 'cancelled', cancel_reason: reason });
    return 'cancelled';
  }
  try {
    await getMailer().send(composed.mail);
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await finishAttempt(db, message.id, { last_error: detail });
    throw new Error(`The ${kind} email ${message.id} was refused: ${detail}`, { cause: error });
  }
  await finishAttempt(db, message.id, { status: 'sent', sent_at: new Date(), last_error: null });
  return 'sent';
}

/**
 * A message whose delivery failed for good (its job's last retry threw, or expired): kept as
 * 'failed' with its last error, for /admin/jobs and its Retry. The 'email.deliver' job's dead letter.
 */
export async function markDeliveryFailed(db: Db, messageId: string): Promise<void> {
  const failed = await markEmailFailed(db, messageId, 'the last attempt did not finish');
  if (failed) console.warn(`[email] ${messageId} failed for good; kept as failed with its error`);
}
