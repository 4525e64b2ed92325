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
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/db/database';
import type { EmailMessage } from '@/db/schema';
import { getEnv } from '../_shared/env';
import { coalescedRun } from '../_shared/coalesced-run';
import { dueBy } from '../_shared/due-by';
import { getMailer, type Mailer } from '../_shared/mailer';
import {
  EMAIL_KIND_INFO,
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

/** Rows written per statement by a fan-out. */
export const EMAIL_BATCH = 1000;
/** Sends before a message is kept as 'failed' (about a day and a half with the backoff below). */
export const MAX_ATTEMPTS = 10;
/** How long a claimed message is left to its sender before another may take it. */
const LEASE_SECONDS = 300;

/** Minutes before the next try after `attempts` tries: 1, 2, 4 ... capped at 6 hours. */
export function backoffMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 360);
}

/** 'instant' -> queued; a digest channel -> pending; else nothing (a SQL case over `channel`). */
const statusFor = sql<string>`case when c.channel = 'instant' then 'queued' else 'pending_digest' end`;

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
  // Through the users row: an account deleted meanwhile gets nothing (and no foreign-key error).
  const row = await db
    .insertInto('email_messages')
    .columns(['user_id', 'kind', 'reference', 'channel', 'status', 'payload', 'next_attempt_at'])
    .expression(
      db
        .selectFrom('users')
        .select([
          'id',
          sql.lit(input.kind).as('kind'),
          sql<string>`${input.reference}::text`.as('reference'),
          sql.lit(channel).as('channel'),
          sql.lit(channel === 'instant' ? 'queued' : 'pending_digest').as('status'),
          sql<string | null>`${input.payload ? JSON.stringify(input.payload) : null}::jsonb`.as('payload'),
          sql<Date>`now()`.as('next_attempt_at'),
        ])
        .where('id', '=', input.userId),
    )
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
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

interface BatchResult {
  last: string | null;
  seen: number;
  queued: number;
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
  recipients: (after: string, limit: number) => RawBuilder<unknown>,
  options: { after?: string; maxBatches?: number } = {},
): Promise<FanOutResult> {
  let after = options.after ?? '';
  let queued = 0;
  for (let batch = 0; batch < (options.maxBatches ?? Number.POSITIVE_INFINITY); batch++) {
    const { rows } = await sql<BatchResult>`
      with batch as (${recipients(after, EMAIL_BATCH)}),
      ins as (
        insert into email_messages (user_id, kind, reference, channel, status)
        select b.user_id, ${kind}, ${reference}, c.channel, ${statusFor}
        from batch b
        join users u on u.id = b.user_id
        left join notification_preferences p on p.user_id = b.user_id and p.kind = ${kind}
        cross join lateral (select coalesce(p.channel, ${EMAIL_KIND_INFO[kind].default}) as channel) c
        where c.channel in ('instant', 'daily', 'weekly')
        on conflict (user_id, kind, reference) do nothing
        returning 1
      )
      select (select max(user_id) from batch) as last, (select count(*) from batch)::int as seen, (select count(*) from ins)::int as queued
    `.execute(db);
    const result = rows[0]!;
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
  const update = await db.selectFrom('ai_tool_updates').select(['id', 'update_type']).where('id', '=', updateId).executeTakeFirst();
  if (!update) return { queued: 0, next: null };
  const kind: EmailKind = update.update_type === 'security' ? 'security_update' : 'tool_update';
  return fanOut(
    db,
    kind,
    `update:${update.id}`,
    (after, limit) => sql`select user_id from user_notifications where update_id = ${update.id} and user_id > ${after} order by user_id limit ${limit}`,
    options,
  );
}

/** The emails of a creator's newly published product, to their followers ('new_product'). */
export async function queueNewProductEmails(db: Db, productId: string, options: { after?: string; maxBatches?: number } = {}): Promise<FanOutResult> {
  const product = await db.selectFrom('products').select(['id', 'creator_id', 'status']).where('id', '=', productId).executeTakeFirst();
  if (!product || product.status !== 'published') return { queued: 0, next: null };
  return fanOut(
    db,
    'new_product',
    `product:${product.id}`,
    (after, limit) =>
      sql`select follower_id as user_id from follows where following_id = ${product.creator_id} and follower_id > ${after} order by follower_id limit ${limit}`,
    options,
  );
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

async function claimDue(db: Db, now: Date, limit: number, ids?: string[]): Promise<EmailMessage[]> {
  if (ids && !ids.length) return [];
  const only = ids ? sql`and id in (${sql.join(ids)})` : sql``;
  const { rows } = await sql<EmailMessage>`
    update email_messages set status = 'sending', attempts = attempts + 1,
      locked_until = ${now}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
    where id in (
      select id from email_messages
      where status in ('queued', 'sending') and next_attempt_at <= ${dueBy(now)}
        and (status = 'queued' or locked_until < ${now})
        ${only}
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning *
  `.execute(db);
  return rows;
}

async function finish(
  db: Db,
  id: string,
  values: Partial<Pick<EmailMessage, 'status' | 'cancel_reason' | 'last_error' | 'sent_at' | 'next_attempt_at'>>,
): Promise<void> {
  await db
    .updateTable('email_messages')
    .set({ ...values, locked_until: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** Why a message may not go out now, or null. */
async function refusal(db: Db, message: EmailMessage, email: string): Promise<string | null> {
  const suppressed = await db.selectFrom('email_suppressions').select('reason').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
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
export function unsubscribeLinks(siteUrl: string, userId: string, kind: EmailMessageKind, now = new Date()) {
  const token = createUnsubscribeToken(userId, kind, { now });
  const page = new URL(UNSUBSCRIBE_PAGE_PATH, siteUrl);
  page.searchParams.set('token', token);
  const oneClick = new URL(UNSUBSCRIBE_API_PATH, siteUrl);
  oneClick.searchParams.set('token', token);
  return { token, page: page.toString(), oneClick: oneClick.toString(), settings: new URL(EMAIL_SETTINGS_PATH, siteUrl).toString() };
}

/** The rendered email of a claimed message, or the reason it has nothing to say. */
export async function composeMessage(
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
    const claimed = await claimDue(db, now, options.limit ?? 50, options.ids);
    if (!claimed.length) return report;
    for (const message of claimed) {
      const user = await db.selectFrom('users').select(['email', 'email_verified']).where('id', '=', message.user_id).executeTakeFirst();
      // An address nobody proved is theirs gets no notifications (no mail to someone else's inbox).
      const why = !user ? 'the account was deleted' : !user.email_verified ? 'the address is not verified' : await refusal(db, message, user.email);
      const composed = user && !why ? await composeMessage(db, message, user.email, siteUrl, now) : null;
      if (!user || why || !composed?.ok) {
        await finish(db, message.id, { status: 'cancelled', cancel_reason: why ?? (composed && !composed.ok ? composed.reason : 'nothing to send') });
        report.cancelled++;
        continue;
      }
      try {
        await mailer.send(composed.mail);
        await finish(db, message.id, { status: 'sent', sent_at: new Date(), last_error: null });
        report.sent++;
      } catch (error) {
        const detail = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        if (message.attempts >= MAX_ATTEMPTS) {
          await finish(db, message.id, { status: 'failed', last_error: detail });
          report.failed++;
          console.warn(`[email] ${message.kind} ${message.id} failed for good after ${message.attempts} tries: ${detail}`);
        } else {
          await finish(db, message.id, {
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
