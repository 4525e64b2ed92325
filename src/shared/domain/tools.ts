// ---------------------------------------------------------------------------
// The AI tools directory (issue 17, docs/decisions/038)
// ---------------------------------------------------------------------------

/** A tool's category, the directory's groups in display order. */
export const AI_TOOL_CATEGORIES = ['Automation', 'Development', 'AI Assistant', 'Image Generation', 'Video Generation', 'Other'] as const;
export type AiToolCategory = (typeof AI_TOOL_CATEGORIES)[number];

/** A tool row is a submission too: only 'approved' tools are public. */
export const TOOL_STATUSES = ['pending', 'approved', 'changes_requested', 'rejected'] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];
export const TOOL_STATUS_LABELS: Record<ToolStatus, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  rejected: 'Rejected',
};

export const TOOL_MAINTAINER_ROLES = ['owner', 'co_maintainer'] as const;
export type ToolMaintainerRole = (typeof TOOL_MAINTAINER_ROLES)[number];

/** How a claimant proves control of the tool's official domain. */
export const TOOL_CLAIM_METHODS = ['email', 'well_known'] as const;
export type ToolClaimMethod = (typeof TOOL_CLAIM_METHODS)[number];
/** 'in_review': proven, but the tool already had an owner, so an administrator decides. */
export const TOOL_CLAIM_STATUSES = ['pending', 'in_review', 'verified', 'rejected', 'revoked'] as const;
export type ToolClaimStatus = (typeof TOOL_CLAIM_STATUSES)[number];

/** Why a tool update reached a reader: they follow the tool, or they downloaded a product built on it. */
export const NOTIFICATION_REASONS = ['follow', 'security_impact'] as const;
export type NotificationReason = (typeof NOTIFICATION_REASONS)[number];

/** The feed formats a tool's changelog source may be (docs/decisions/039): what its last good fetch found. */
export const FEED_KINDS = ['rss', 'atom', 'json'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
export const FEED_KIND_LABELS: Record<FeedKind, string> = { rss: 'RSS', atom: 'Atom', json: 'JSON Feed' };
