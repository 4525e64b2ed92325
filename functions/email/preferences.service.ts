/**
 * A user's email preferences (issue 18, docs/decisions/041): /settings/notifications, the
 * one-click unsubscribe and its 'Undo' (for a creator's email: that creator's emails only,
 * docs/decisions/078). Kinds, channels and defaults are
 * src/shared/email-preferences.ts; notification_preferences holds a user's own choices.
 */
import type { Db } from '@/db/database';
import {
  EMAIL_KIND_INFO,
  EMAIL_KINDS,
  defaultPreferences,
  type EmailChannel,
  type EmailKind,
  type EmailMessageKind,
  type EmailPreferences,
  type NotificationPreferencesInput,
  type NotificationPreferencesView,
  type UnsubscribeResult,
  type UnsubscribeScope,
} from '@/src/shared/email-preferences';
import { deleteCreatorOptOut, findMessageCreator, hasCreatorOptOut, insertCreatorOptOut } from './creator-opt-outs.repository';
import type { UnsubscribeClaim } from './unsubscribe-token';
import {
  findChannel,
  findSuppression,
  markMessageUnsubscribed,
  selectPreferenceRows,
  selectUnsubscribedRows,
  upsertChannels,
  userExists,
} from './preferences.repository';

export async function getPreferences(db: Db, userId: string): Promise<EmailPreferences> {
  const rows = await selectPreferenceRows(db, userId);
  const preferences = defaultPreferences();
  for (const row of rows) preferences[row.kind] = row.channel;
  return preferences;
}

/** One kind's channel for one user (the send-time check). */
export async function channelOf(db: Db, userId: string, kind: EmailKind): Promise<EmailChannel> {
  const row = await findChannel(db, userId, kind);
  return row?.channel ?? EMAIL_KIND_INFO[kind].default;
}

/** Why nothing is sent to an address, if Resend reported it (a hard bounce or a complaint). */
async function suppressionOf(db: Db, email: string): Promise<NotificationPreferencesView['suppressed']> {
  const row = await findSuppression(db, email);
  return row ? { reason: row.reason, since: new Date(row.created_at).toISOString() } : null;
}

export async function preferencesView(db: Db, user: { id: string; email: string }): Promise<NotificationPreferencesView> {
  const [preferences, suppressed] = await Promise.all([getPreferences(db, user.id), suppressionOf(db, user.email)]);
  return { preferences, suppressed };
}

async function writeChannels(
  db: Db,
  userId: string,
  channels: Partial<Record<EmailKind, { channel: EmailChannel; previous: EmailChannel | null }>>,
): Promise<void> {
  const rows = Object.entries(channels).map(([kind, v]) => ({
    user_id: userId,
    kind: kind as EmailKind,
    channel: v!.channel,
    previous_channel: v!.previous,
    updated_at: new Date(),
  }));
  if (!rows.length) return;
  await upsertChannels(db, rows);
}

/** PUT /api/settings/notifications: every kind's channel (the schema checked each is offered). */
export async function savePreferences(db: Db, user: { id: string; email: string }, input: NotificationPreferencesInput): Promise<NotificationPreferencesView> {
  await writeChannels(db, user.id, Object.fromEntries(EMAIL_KINDS.map((k) => [k, { channel: input.preferences[k], previous: null }])));
  return preferencesView(db, user);
}

/** The kinds a token's kind stands for: itself, or for the daily digest every kind set to 'Daily digest'. */
function kindsOf(kind: EmailMessageKind, preferences: EmailPreferences): EmailKind[] {
  if (kind !== 'daily_digest') return [kind];
  return EMAIL_KINDS.filter((k) => preferences[k] === 'daily');
}

export const unsubscribeLabel = (kind: EmailMessageKind) => (kind === 'daily_digest' ? 'Daily digest' : EMAIL_KIND_INFO[kind].label);

/** The creator whose email held the link (a creator's email to customers, docs/decisions/078), or undefined. */
async function linkCreator(db: Db, claim: UnsubscribeClaim) {
  if (claim.kind !== 'creator_email' || !claim.messageId) return undefined;
  const row = await findMessageCreator(db, claim.messageId, claim.userId);
  return row ? { id: row.creator_id, name: row.full_name?.trim() || 'this creator' } : undefined;
}

/** What the unsubscribe page asks about: the kind's label and, for a creator's email, the creator's name. */
export async function describeUnsubscribe(db: Db, claim: UnsubscribeClaim): Promise<{ label: string; creatorName: string | null }> {
  return { label: unsubscribeLabel(claim.kind), creatorName: (await linkCreator(db, claim))?.name ?? null };
}

/**
 * The one-click unsubscribe (POST /api/unsubscribe?token=): the token's kind is turned off
 * (the daily digest: every kind on 'Daily digest'), and what it was is kept for 'Undo'. A
 * second POST changes nothing more. A deleted account has nothing to turn off.
 *
 * A creator's email's link stops only that creator's emails (a creator_email_opt_outs row; the
 * kind stays as it is, so other creators' emails still come) unless `scope` is 'kind', the
 * unsubscribe page's 'Stop emails from every creator'. Either way the email's own figure counts it.
 */
export async function unsubscribe(db: Db, claim: UnsubscribeClaim, scope?: UnsubscribeScope): Promise<UnsubscribeResult> {
  const label = unsubscribeLabel(claim.kind);
  if (!(await userExists(db, claim.userId))) return { kind: claim.kind, label, channel: 'off', previous: 'off', scope: 'kind', creatorName: null };
  const creator = await linkCreator(db, claim);
  const creatorName = creator?.name ?? null;
  if (creator && claim.messageId && scope !== 'kind') {
    await insertCreatorOptOut(db, claim.userId, creator.id);
    await markMessageUnsubscribed(db, claim.messageId, claim.userId, new Date());
    const channel = await channelOf(db, claim.userId, 'creator_email');
    return { kind: claim.kind, label, channel, previous: channel, scope: 'creator', creatorName };
  }
  const result = (previous: EmailChannel): UnsubscribeResult => ({ kind: claim.kind, label, channel: 'off', previous, scope: 'kind', creatorName });
  const preferences = await getPreferences(db, claim.userId);
  const kinds = kindsOf(claim.kind, preferences).filter((k) => preferences[k] !== 'off');
  await writeChannels(db, claim.userId, Object.fromEntries(kinds.map((k) => [k, { channel: 'off' as const, previous: preferences[k] }])));
  // A link that names its email (a creator's email to customers) counts for that email's figures.
  if (claim.messageId) await markMessageUnsubscribed(db, claim.messageId, claim.userId, new Date());
  if (claim.kind === 'daily_digest') return result(kinds.length ? 'daily' : 'off');
  return result(kinds.length ? preferences[claim.kind] : 'off');
}

/**
 * 'Undo' on the unsubscribe page: what the unsubscribe of the same scope stopped comes back (the
 * creator's emails, or the kinds it turned off with their channel).
 */
export async function undoUnsubscribe(db: Db, claim: UnsubscribeClaim, scope?: UnsubscribeScope): Promise<UnsubscribeResult> {
  const label = unsubscribeLabel(claim.kind);
  if (!(await userExists(db, claim.userId))) return { kind: claim.kind, label, channel: 'off', previous: 'off', scope: 'kind', creatorName: null };
  const creator = await linkCreator(db, claim);
  const creatorName = creator?.name ?? null;
  if (creator && claim.messageId && scope !== 'kind') {
    await deleteCreatorOptOut(db, claim.userId, creator.id);
    await markMessageUnsubscribed(db, claim.messageId, claim.userId, null);
    const channel = await channelOf(db, claim.userId, 'creator_email');
    return { kind: claim.kind, label, channel, previous: channel, scope: 'creator', creatorName };
  }
  const rows = await selectUnsubscribedRows(db, claim.userId);
  const restore = rows.filter((r) => (claim.kind === 'daily_digest' ? r.previous_channel === 'daily' : r.kind === claim.kind));
  await writeChannels(db, claim.userId, Object.fromEntries(restore.map((r) => [r.kind, { channel: r.previous_channel!, previous: null }])));
  // The email still counts as unsubscribed while its creator's emails stay stopped.
  if (claim.messageId && !(creator && (await hasCreatorOptOut(db, claim.userId, creator.id))))
    await markMessageUnsubscribed(db, claim.messageId, claim.userId, null);
  const channel = claim.kind === 'daily_digest' ? (restore.length ? 'daily' : 'off') : await channelOf(db, claim.userId, claim.kind);
  return { kind: claim.kind, label, channel, previous: 'off', scope: 'kind', creatorName };
}
