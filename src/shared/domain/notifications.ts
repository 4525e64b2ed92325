// ---------------------------------------------------------------------------
// Tool updates and notifications (spec sections 3, 8 and 9; docs/decisions/014)
// ---------------------------------------------------------------------------

export const UPDATE_TYPES = ['feature', 'announcement', 'bug_fix', 'security', 'other'] as const;
export type UpdateType = (typeof UPDATE_TYPES)[number];
export const UPDATE_TYPE_LABELS: Record<UpdateType, string> = {
  feature: 'Feature',
  announcement: 'Announcement',
  bug_fix: 'Bug fix',
  security: 'Security',
  other: 'Other',
};

/**
 * What a notice is about: a tool update, (for a creator) a sale or a refund of one of their
 * orders, (for an owner of a product) its new version (docs/decisions/030), the community's
 * (docs/decisions/035): a reply to your thread, your reply or a thread you follow, a mention,
 * your answer accepted, a question on your product; your account suspended or its
 * suspension lifted (docs/decisions/042); (for a creator) a payout paid or failed
 * (docs/decisions/048); a refund request to a creator, and its answer to the buyer
 * (docs/decisions/049); (for an administrator) a refund request escalated to them (docs/decisions/051).
 */
export const NOTIFICATION_KINDS = [
  'tool_update',
  'sale',
  'refund',
  'product_version',
  'new_product',
  'tool_notice',
  'community_reply',
  'community_mention',
  'community_answer_accepted',
  'community_product_question',
  'account_suspension',
  'payout',
  'refund_request',
  'refund_approved',
  'refund_declined',
  'refund_escalated',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The community's kinds: each points at a thread (user_notifications.community_thread_id). */
export const COMMUNITY_NOTIFICATION_KINDS = [
  'community_reply',
  'community_mention',
  'community_answer_accepted',
  'community_product_question',
] as const satisfies readonly NotificationKind[];
export type CommunityNotificationKind = (typeof COMMUNITY_NOTIFICATION_KINDS)[number];
/**
 * The kinds that are about an order: the creator's sale, refund and refund request, the
 * buyer's answer to their refund request (docs/decisions/049), and an administrator's notice of
 * a request escalated to them (docs/decisions/051).
 */
export const ORDER_NOTIFICATION_KINDS = [
  'sale',
  'refund',
  'refund_request',
  'refund_approved',
  'refund_declined',
  'refund_escalated',
] as const satisfies readonly NotificationKind[];
export type OrderNotificationKind = (typeof ORDER_NOTIFICATION_KINDS)[number];

/**
 * What a 'tool_notice' notification says (docs/decisions/038): the outcome of a tool
 * submission, of a domain claim, a new co-maintainer, a changelog source paused after failures.
 */
export const TOOL_EVENTS = [
  'submission_approved',
  'submission_changes_requested',
  'submission_rejected',
  'claim_verified',
  'claim_rejected',
  'claim_revoked',
  'maintainer_added',
  'source_paused',
] as const;
export type ToolEvent = (typeof TOOL_EVENTS)[number];
