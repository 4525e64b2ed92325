// ---------------------------------------------------------------------------
// Moderation and trust (issue 16, docs/decisions/037)
// ---------------------------------------------------------------------------

/** What can be reported: community posts, products, both kinds of review, and a profile. */
export const REPORT_TARGET_KINDS = ['thread', 'reply', 'product', 'product_review', 'seller_review', 'profile'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];
export const REPORT_TARGET_KIND_LABELS: Record<ReportTargetKind, string> = {
  thread: 'Discussion',
  reply: 'Reply',
  product: 'Product',
  product_review: 'Product review',
  seller_review: 'Seller review',
  profile: 'Profile',
};

/** Why someone reports something (the form's choices). */
export const REPORT_REASONS = ['spam', 'harassment', 'illegal', 'malware', 'misleading', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or abuse',
  illegal: 'Illegal or infringing content',
  malware: 'Malware or a harmful download',
  misleading: 'Misleading or false',
  other: 'Something else',
};

/**
 * Every reason a report row may have: the reasons people choose, and `held_links`, the queue's
 * own entry for a new account's post with links, held until an administrator approves it.
 */
export const REPORT_ROW_REASONS = [...REPORT_REASONS, 'held_links'] as const;
export type ReportRowReason = (typeof REPORT_ROW_REASONS)[number];
export const REPORT_ROW_REASON_LABELS: Record<ReportRowReason, string> = {
  ...REPORT_REASON_LABELS,
  held_links: 'Links from a new account (held for review)',
};

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * What an administrator does with a report; each is logged in moderation_actions. `approve`
 * publishes a held post; `hide_all` hides all of an author's public content (with a suspension);
 * `unsuspend` lifts a suspension before its end (on the user, not on a report: docs/decisions/042).
 */
export const MODERATION_ACTIONS = ['dismiss', 'approve', 'hide', 'remove_product', 'lock_thread', 'suspend', 'hide_all', 'unsuspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismissed',
  approve: 'Approved',
  hide: 'Hidden',
  remove_product: 'Removed from the marketplace',
  lock_thread: 'Discussion locked',
  suspend: 'Author suspended',
  hide_all: "All of the author's public content hidden",
  unsuspend: 'Suspension lifted',
};
