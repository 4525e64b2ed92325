/**
 * Notification emails: queued once, sent once (issue 18, docs/decisions/041).
 *
 * - Queueing: an event (a tool update's notices, a creator's new product, a sale, a review, a
 *   community notice) becomes at most one email_messages row per user, kind and reference
 *   (`on conflict do nothing`), so a job that runs twice queues once. The user's channel for
 *   the kind decides: 'instant' -> status 'queued'; 'daily' / 'weekly' -> 'pending_digest'
 *   (functions/email/digest.service.ts gathers it); 'off' / 'app' -> no row. Fan-outs walk
 *   their recipients by user id, BATCH rows per statement.
 * - Sending (sendDueEmails, the 'email.send' job): due rows are claimed with
 *   `for update skip locked` (status 'sending' with a lease), so two workers never take the
 *   same row. At send time the account must still exist with a verified address, which must not be suppressed
 *   (bounce, complaint) and the kind must still be on that channel; otherwise the row is
 *   'cancelled' with the reason. The mailer gets the row id as its idempotency key (Resend's
 *   Idempotency-Key, the outbox's file name), so a crash between sending and recording sends
 *   once. A refusal of the provider puts the row back to 'queued' with backoff; after
 *   MAX_ATTEMPTS it is kept as 'failed' with its error, never dropped.
 */
import type { Db } from '@/db/database';
import type { EmailMessage } from '@/db/schema';
import { getEnv } from '@/env';
import { coalescedRun } from '../_shared/coalesced-run';
import { getMailer, type Mailer } from '../_shared/mailer';
import {
  EMAIL_KINDS,
  EMAIL_SETTINGS_PATH,
  UNSUBSCRIBE_API_PATH,
  UNSUBSCRIBE_PAGE_PATH,
  type EmailKind,
  type EmailMessageKind,
} from '@/src/shared/email-preferences';
import { eventContent, pieceOf } from './content';
import { channelOf, getPreferences, unsubscribeLabel } from './preferences.service';
import { renderEmail } from './render';
import type { EmailCard, EmailContent, EmailSection } from './templates/email';
import { createUnsubscribeToken } from './unsubscribe-token';
import {
  claimDueEmails,
  findProductStatus,
  findRecipient,
  findSuppressionReason,
  findToolUpdateType,
  finishEmail,
  followerRecipients,
  insertNotificationEmail,
  queueEmailBatch,
  toolUpdateRecipients,
  type Recipients,
} from './email.repository';

/** Rows written per statement by a fan-out. */
const EMAIL_BATCH = 1000;
/** Sends before a message is kept as 'failed' (about a day and a half with the backoff below). */
export const MAX_ATTEMPTS = 10;
/** How long a claimed message is left to its sender before another may take it. */
const LEASE_SECONDS = 300;

/** Minutes before the next try after `attempts` tries: 1, 2, 4 ... capped at 6 hours. */
function backoffMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 360);
}

export interface QueueInput {
  userId: string;
  kind: EmailKind;
  /** What the email is about, unique per user and kind: `sale:<order id>`, `reply:<id>`. */
  reference: string;
  /** The card of a kind without a table of ours (functions/email/content.ts CardPayload). */
  payload?: Record<string, unknown> | null;
}

/** Queues one user's email of one event as their preference says: the new row's id, or null (off, in the app only, or queued before). */
export async function queueNotificationEmail(db: Db, input: QueueInput): Promise<string | null> {
  const channel = await channelOf(db, input.userId, input.kind);
  if (channel !== 'instant' && channel !== 'daily' && channel !== 'weekly') return null;
  const row = await insertNotificationEmail(db, { ...input, channel });
  return row?.id ?? null;
}

export type CommunityEmailKind = Extract<EmailKind, 'community_reply' | 'community_mention' | 'community_answer_accepted'>;

/**
 * For the community notices (replies, mentions, accepted answers): the email of one notice, as
 * the person's preference for its kind says, sent at once in the background when 'Email at
 * once' (the 'email.send' job catches up otherwise). `reference` is unique per person and kind
 * (`reply:<id>`); `card.url` a path on the site. Call after the notice's transaction commits.
 */
export async function queueCommunityEmail(
  db: Db,
  input: { userId: string; kind: CommunityEmailKind; reference: string; subject: string; intro: string; card: EmailCard; reason?: string },
): Promise<string | null> {
  const { userId, kind, reference, ...payload } = input;
  const id = await queueNotificationEmail(db, { userId, kind, reference, payload: { ...payload } });
  if (id) kickEmailSending(db);
  return id;
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
  options: { after?: string; maxBatches?: number } = {},
): Promise<FanOutResult> {
  let after = options.after ?? '';
  let queued = 0;
  for (let batch = 0; batch < (options.maxBatches ?? Number.POSITIVE_INFINITY); batch++) {
    const result = await queueEmailBatch(db, { kind, reference, recipients, after, limit: EMAIL_BATCH });
    queued += Number(result.queued);
    if (Number(result.seen) < EMAIL_BATCH || !result.last) return { queued, next: null };
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

// --- Sending ---------------------------------------------------------------------------------

export interface SendOptions {
  mailer?: Mailer;
  siteUrl?: string;
  now?: Date;
  /** Messages claimed per call. */
  limit?: number;
  /** Only these messages (a change sending its own emails at once); others wait for the job. */
  ids?: string[];
}

export interface SendReport {
  sent: number;
  cancelled: number;
  retried: number;
  failed: number;
}

/** Why a message may not go out now, or null. */
async function refusal(db: Db, message: EmailMessage, email: string): Promise<string | null> {
  const suppressed = await findSuppressionReason(db, email);
  if (suppressed) return `the address is suppressed (${suppressed.reason})`;
  if (message.kind === 'daily_digest') {
    const preferences = await getPreferences(db, message.user_id);
    return EMAIL_KINDS.some((k) => preferences[k] === 'daily') ? null : 'no kind is on the daily digest any more';
  }
  const channel = await channelOf(db, message.user_id, message.kind);
  if (message.kind === 'weekly_digest') return channel === 'weekly' || (await hasWeeklyKind(db, message.user_id)) ? null : 'the weekly digest was turned off';
  return channel === message.channel ? null : `email about ${message.kind} was turned off`;
}

async function hasWeeklyKind(db: Db, userId: string): Promise<boolean> {
  const preferences = await getPreferences(db, userId);
  return EMAIL_KINDS.some((k) => k !== 'weekly_digest' && preferences[k] === 'weekly');
}

/** The links of a notification email: the settings page, the unsubscribe page and the one-click URL. */
function unsubscribeLinks(siteUrl: string, userId: string, kind: EmailMessageKind, now = new Date()) {
  const token = createUnsubscribeToken(userId, kind, { now });
  const page = new URL(UNSUBSCRIBE_PAGE_PATH, siteUrl);
  page.searchParams.set('token', token);
  const oneClick = new URL(UNSUBSCRIBE_API_PATH, siteUrl);
  oneClick.searchParams.set('token', token);
  return { token, page: page.toString(), oneClick: oneClick.toString(), settings: new URL(EMAIL_SETTINGS_PATH, siteUrl).toString() };
}

/** The rendered email of a claimed message, or the reason it has nothing to say. */
async function composeMessage(
  db: Db,
  message: EmailMessage,
  to: string,
  siteUrl: string,
  now = new Date(),
): Promise<{ ok: true; mail: Parameters<Mailer['send']>[0] } | { ok: false; reason: string }> {
  let content: EmailContent;
  let reason: string;
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
  } else {
    const piece = await pieceOf(db, message, siteUrl);
    if (!piece) return { ok: false, reason: 'what it was about is gone' };
    content = eventContent(piece);
    reason = piece.reason;
  }
  const links = unsubscribeLinks(siteUrl, message.user_id, message.kind, now);
  const rendered = await renderEmail(content, {
    kind: 'notification',
    reason,
    settingsUrl: links.settings,
    unsubscribeUrl: links.page,
    unsubscribeLabel: unsubscribeLabel(message.kind),
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

/** Sends the messages that are due, once each (see the header). */
export async function sendDueEmails(db: Db, options: SendOptions = {}): Promise<SendReport> {
  const now = options.now ?? new Date();
  const mailer = options.mailer ?? getMailer();
  const siteUrl = options.siteUrl ?? getEnv().SITE_URL;
  const report: SendReport = { sent: 0, cancelled: 0, retried: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDueEmails(db, { now, limit: options.limit ?? 50, leaseSeconds: LEASE_SECONDS, ids: options.ids });
    if (!claimed.length) return report;
    for (const message of claimed) {
      const user = await findRecipient(db, message.user_id);
      // An address nobody proved is theirs gets no notifications (no mail to someone else's inbox).
      const why = !user ? 'the account was deleted' : !user.email_verified ? 'the address is not verified' : await refusal(db, message, user.email);
      const composed = user && !why ? await composeMessage(db, message, user.email, siteUrl, now) : null;
      if (!user || why || !composed?.ok) {
        await finishEmail(db, message.id, { status: 'cancelled', cancel_reason: why ?? (composed && !composed.ok ? composed.reason : 'nothing to send') });
        report.cancelled++;
        continue;
      }
      try {
        await mailer.send(composed.mail);
        await finishEmail(db, message.id, { status: 'sent', sent_at: new Date(), last_error: null });
        report.sent++;
      } catch (error) {
        const detail = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        if (message.attempts >= MAX_ATTEMPTS) {
          await finishEmail(db, message.id, { status: 'failed', last_error: detail });
          report.failed++;
          console.warn(`[email] ${message.kind} ${message.id} failed for good after ${message.attempts} tries: ${detail}`);
        } else {
          await finishEmail(db, message.id, {
            status: 'queued',
            last_error: detail,
            next_attempt_at: new Date(now.getTime() + backoffMinutes(message.attempts) * 60_000),
          });
          report.retried++;
        }
      }
    }
    if (claimed.length < (options.limit ?? 50)) return report;
  }
}

// --- In-process kick -------------------------------------------------------------------------

const emailKick = coalescedRun((db: Db) => sendDueEmails(db), '[email] sending after a change failed; the scheduled job retries:');

/**
 * Sends what is due now, in the background of this process, after a change queued emails (a
 * sale, a review). The scheduled 'email.send' job sends the rest and retries, so a kick lost to a
 * serverless function's end is caught up. Kicks coalesce (functions/_shared/coalesced-run.ts).
 */
export function kickEmailSending(db: Db): void {
  emailKick.kick(db);
}

/** Resolves when no kicked sending is running in this process (tests, shutdown). */
export async function emailSendingIdle(): Promise<void> {
  await emailKick.idle();
}

/** Resolves when no kicked sending is running in this process (tests, shutdown). */
export async function emailWorkIdle(): Promise<void> {
  await emailSendingIdle();
}
