/**
 * What toolmint may email about, and how (issue 18, docs/decisions/041). Declared once: the
 * migration's checks list the same values, db/schema.ts types its columns with them, the
 * settings island renders them, the unsubscribe route refuses anything else.
 *
 * - An email kind is one line of /settings/notifications. Each has the channels it offers and
 *   a default; a user's row in notification_preferences overrides the default.
 * - Channels: 'off' (nothing: neither the email nor the in-app notice; the notice writers put
 *   functions/email/in-app.repository.ts notTurnedOff() in their INSERT … SELECT), 'app' (the bell only),
 *   'instant' (an email at once), 'daily' and 'weekly' (a line in that period's digest). The
 *   channel decides an email's fate when it is queued (functions/email/email.service.ts) and is
 *   checked again when it is sent.
 * - The community kinds (replies, mentions, accepted answers): the transaction that writes the
 *   notices enqueues the 'email.community' job (functions/community/notice-emails.job.ts),
 *   which queues each email with queueCommunityEmail.
 * - Transactional emails (receipts, password reset, verification; functions/email/transactional.ts)
 *   are no email kind: they are always sent, carry no unsubscribe link, and say so in their
 *   footer. In the outbox they are rows of kind 'transactional' (OUTBOX_KINDS).
 * Isomorphic and dependency-free apart from zod/mini.
 */
import * as z from 'zod/mini';

export const EMAIL_CHANNELS = ['off', 'app', 'instant', 'daily', 'weekly'] as const;
export type EmailChannel = (typeof EMAIL_CHANNELS)[number];

export const EMAIL_CHANNEL_LABELS: Record<EmailChannel, string> = {
  off: 'Off',
  app: 'In the app',
  instant: 'Email at once',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
};

export const EMAIL_KINDS = [
  'security_update',
  'tool_update',
  'new_product',
  'sale',
  'review_received',
  'community_reply',
  'community_mention',
  'community_answer_accepted',
  'creator_email',
  'affiliate_sale',
  'weekly_digest',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

const ALL: readonly EmailChannel[] = EMAIL_CHANNELS;

export interface EmailKindInfo {
  label: string;
  /** One line under the label on /settings/notifications. */
  hint: string;
  /** The settings group it is shown in. */
  group: 'Tools you follow' | 'People you follow' | 'Your products' | 'Community' | 'Digest';
  channels: readonly EmailChannel[];
  default: EmailChannel;
}

export const EMAIL_KIND_INFO: Record<EmailKind, EmailKindInfo> = {
  security_update: {
    label: 'Security updates',
    hint: 'A security fix of a tool you follow, or of a tool a product you got is built on.',
    group: 'Tools you follow',
    channels: ALL,
    default: 'instant',
  },
  tool_update: {
    label: 'Tool updates',
    hint: 'New features, announcements and bug fixes of tools you follow.',
    group: 'Tools you follow',
    channels: ALL,
    default: 'daily',
  },
  new_product: {
    label: 'New products',
    hint: 'A creator you follow publishes a product.',
    group: 'People you follow',
    channels: ALL,
    default: 'daily',
  },
  sale: {
    label: 'Sales and refunds',
    hint: 'Someone buys one of your products, asks for a refund, or an order is refunded.',
    group: 'Your products',
    channels: ALL,
    default: 'instant',
  },
  review_received: { label: 'Reviews', hint: 'Someone reviews one of your products.', group: 'Your products', channels: ALL, default: 'instant' },
  community_reply: { label: 'Replies', hint: 'Someone replies to your post or answer.', group: 'Community', channels: ALL, default: 'instant' },
  community_mention: { label: 'Mentions', hint: 'Someone mentions you.', group: 'Community', channels: ALL, default: 'instant' },
  community_answer_accepted: { label: 'Accepted answers', hint: 'Your answer is accepted.', group: 'Community', channels: ALL, default: 'instant' },
  // A creator's own email to their buyers or followers (docs/decisions/078): written for the
  // moment, so no digest; its one-click unsubscribe turns off exactly this kind.
  creator_email: {
    label: 'Emails from creators',
    hint: 'A creator you bought from or follow writes to their buyers or followers (at most 3 a day per creator).',
    group: 'People you follow',
    channels: ['off', 'instant'],
    default: 'instant',
  },
  // An affiliate's commission (docs/decisions/083): no notice in the bell, so no 'In the app'.
  affiliate_sale: {
    label: 'Affiliate sales',
    hint: 'A purchase through one of your affiliate links earns you a commission.',
    group: 'Your products',
    channels: ['off', 'instant', 'daily', 'weekly'],
    default: 'instant',
  },
  weekly_digest: {
    label: 'Weekly digest',
    hint: "The week's updates of tools you follow, new products of creators you follow, and what is trending in your categories.",
    group: 'Digest',
    channels: ['off', 'weekly'],
    default: 'weekly',
  },
};

/** What a notification email is (and an unsubscribe link names): an email kind, or the daily digest (which gathers the kinds set to 'Daily digest'). */
export const EMAIL_MESSAGE_KINDS = [...EMAIL_KINDS, 'daily_digest'] as const;
export type EmailMessageKind = (typeof EMAIL_MESSAGE_KINDS)[number];
/**
 * What a row of the outbox (email_messages) is: a notification email, or a transactional one
 * (an account email, a receipt, a notice about money or the account: always sent, no
 * unsubscribe; docs/decisions/059).
 */
export const OUTBOX_KINDS = [...EMAIL_MESSAGE_KINDS, 'transactional'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
/** How a message goes: on its own at once, or in a digest. */
export const EMAIL_DELIVERIES = ['instant', 'daily', 'weekly'] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];
export const EMAIL_MESSAGE_STATUSES = ['queued', 'sent', 'pending_digest', 'digested', 'cancelled', 'failed'] as const;
export type EmailMessageStatus = (typeof EMAIL_MESSAGE_STATUSES)[number];

export function isEmailMessageKind(value: unknown): value is EmailMessageKind {
  return typeof value === 'string' && (EMAIL_MESSAGE_KINDS as readonly string[]).includes(value);
}

export const EMAIL_KIND_GROUPS = ['Tools you follow', 'People you follow', 'Your products', 'Community', 'Digest'] as const;

export function isEmailKind(value: unknown): value is EmailKind {
  return typeof value === 'string' && (EMAIL_KINDS as readonly string[]).includes(value);
}

/** Whether a kind offers a channel. */
function offersChannel(kind: EmailKind, channel: EmailChannel): boolean {
  return EMAIL_KIND_INFO[kind].channels.includes(channel);
}

/** A user's channel for every kind: their own rows over the defaults. */
export type EmailPreferences = Record<EmailKind, EmailChannel>;

export function defaultPreferences(): EmailPreferences {
  return Object.fromEntries(EMAIL_KINDS.map((k) => [k, EMAIL_KIND_INFO[k].default])) as EmailPreferences;
}

// --- The API's shapes (src/shared/api/routes/notification-settings.ts) ---

const channelSchema = z.enum(EMAIL_CHANNELS);

/** PUT /api/settings/notifications: every kind's channel (a GET's answer can be sent back: `suppressed` is read-only). */
export const NotificationPreferencesInputSchema = z
  .strictObject({
    preferences: z.strictObject(Object.fromEntries(EMAIL_KINDS.map((k) => [k, channelSchema])) as Record<EmailKind, typeof channelSchema>),
    suppressed: z.optional(z.unknown()),
  })
  .check(
    z.superRefine((value, ctx) => {
      for (const kind of EMAIL_KINDS) {
        if (!offersChannel(kind, value.preferences[kind]))
          ctx.issues.push({
            code: 'custom',
            path: ['preferences', kind],
            message: `${EMAIL_KIND_INFO[kind].label} can be ${EMAIL_KIND_INFO[kind].channels.map((c) => EMAIL_CHANNEL_LABELS[c]).join(', ')}`,
            input: value.preferences[kind],
          });
      }
    }),
  );
export type NotificationPreferencesInput = z.output<typeof NotificationPreferencesInputSchema>;

export const EMAIL_SUPPRESSION_REASONS = ['bounce', 'complaint'] as const;
export type EmailSuppressionReason = (typeof EMAIL_SUPPRESSION_REASONS)[number];

export const NotificationPreferencesViewSchema = z.object({
  preferences: z.strictObject(Object.fromEntries(EMAIL_KINDS.map((k) => [k, channelSchema])) as Record<EmailKind, typeof channelSchema>),
  /** Set when email to the account's address stopped after a hard bounce or a complaint. */
  suppressed: z.nullable(z.object({ reason: z.enum(EMAIL_SUPPRESSION_REASONS), since: z.string() })),
});
export type NotificationPreferencesView = z.output<typeof NotificationPreferencesViewSchema>;

/**
 * What an unsubscribe link stops: 'creator', the emails of the one creator whose email held the
 * link (a creator's email to customers, docs/decisions/078); 'kind', the whole kind. A creator's
 * email's link stops that creator unless asked for the kind; every other link stops its kind.
 */
export const UNSUBSCRIBE_SCOPES = ['creator', 'kind'] as const;
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];

/**
 * The answer of the one-click unsubscribe and of its undo. `channel` and `previous` are the
 * kind's; `scope` says what was stopped (or restored); `creatorName` names the creator whose email
 * held the link (null for any other email).
 */
export const UnsubscribeResultSchema = z.object({
  kind: z.enum(EMAIL_MESSAGE_KINDS),
  label: z.string(),
  channel: channelSchema,
  previous: channelSchema,
  scope: z.enum(UNSUBSCRIBE_SCOPES),
  creatorName: z.nullable(z.string()),
});
export type UnsubscribeResult = z.output<typeof UnsubscribeResultSchema>;

export const EMAIL_SETTINGS_PATH = '/settings/notifications';
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';
export const UNSUBSCRIBE_API_PATH = '/api/unsubscribe';
