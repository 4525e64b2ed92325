/**
 * Every enumeration of the domain, declared once (docs/decisions/018): each is an `as const`
 * array, its type is `(typeof ARRAY)[number]`, and its display labels are a
 * `Record<Type, string>`, so a value without a label is a type error. Everything else derives
 * from these: the zod schemas (`z.enum(ARRAY)`), db/schema.ts's column types, the editor's
 * options, the catalogue's labels and the seed. The migrations' check constraints are frozen
 * in time and keep their own lists; tests/integration/domain-enums.test.ts checks that the
 * database accepts exactly these values.
 *
 * Isomorphic and dependency-free, and nothing here but literals and a few pure guards: a
 * bundler drops what an island does not use, so an island importing one enum does not ship
 * the others. The AI tools are not here: their ids, names and option groups are
 * src/shared/ai-tool-ids.ts.
 */

// ---------------------------------------------------------------------------
// Products (spec sections 3, 5 and 9)
// ---------------------------------------------------------------------------

/**
 * A product's status; only 'published' is public (functions/catalogue/catalogue.repository.ts).
 * 'in_review': a new creator's product waiting for an administrator before it is public;
 * 'rejected': refused there, with a reason its creator reads (docs/decisions/031).
 */
export const PRODUCT_STATUSES = ['draft', 'in_review', 'rejected', 'published', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  rejected: 'Not approved',
  published: 'Published',
  archived: 'Archived',
};
/**
 * The statuses a creator chooses between. The review's own statuses are set by the server: a
 * save asking for 'published' answers 'in_review' while the creator's products are reviewed.
 */
export const CREATOR_PRODUCT_STATUSES = ['draft', 'published', 'archived'] as const satisfies readonly ProductStatus[];
/** The statuses of the review queue (docs/decisions/031). */
export const REVIEW_PRODUCT_STATUSES = ['in_review', 'rejected'] as const satisfies readonly ProductStatus[];
export type ReviewProductStatus = (typeof REVIEW_PRODUCT_STATUSES)[number];
/** What an administrator's decision leaves a product in review: published (approved), or rejected. */
export const REVIEW_DECISION_STATUSES = ['published', 'rejected'] as const satisfies readonly ProductStatus[];

/** The six marketplace categories; their names and copy are src/shared/categories.ts. */
export const CATEGORY_IDS = ['content', 'design', 'audio', 'business', 'video', 'tech'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

/** Content types (spec section 3); the legacy ids they replaced are src/shared/search.ts. */
export const CONTENT_TYPE_IDS = [
  'code-development',
  'chat-bots',
  'ai-assistants',
  'content-creation',
  'prompts-templates',
  'voice-audio',
  'video-animation',
  'design-assets',
  'data-analytics',
  'ai-agents',
  'web-saas',
  'mobile-apps',
  'ai-models',
  'security',
  'workflow-automation',
] as const;
export type ContentTypeId = (typeof CONTENT_TYPE_IDS)[number];
export const CONTENT_TYPE_LABELS: Record<ContentTypeId, string> = {
  'code-development': 'Code & Development',
  'chat-bots': 'Chatbots',
  'ai-assistants': 'AI Assistants',
  'content-creation': 'Content Creation',
  'prompts-templates': 'Prompts & Templates',
  'voice-audio': 'Voice & Audio',
  'video-animation': 'Video & Animation',
  'design-assets': 'Design Assets',
  'data-analytics': 'Data & Analytics',
  'ai-agents': 'AI Agents',
  'web-saas': 'Web Apps & SaaS',
  'mobile-apps': 'Mobile Apps',
  'ai-models': 'AI Models',
  security: 'Security',
  'workflow-automation': 'Workflow Automation',
};

export const PRICING_MODELS = ['free', 'one_time', 'subscription', 'freemium'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];
export const PRICING_MODEL_LABELS: Record<PricingModel, string> = {
  free: 'Free',
  one_time: 'One-time purchase',
  subscription: 'Subscription',
  freemium: 'Freemium',
};

export const TECHNICAL_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type TechnicalLevel = (typeof TECHNICAL_LEVELS)[number];
export const TECHNICAL_LEVEL_LABELS: Record<TechnicalLevel, string> = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' };

export const DEPLOYMENT_TYPES = ['ready_to_use', 'minimal_setup', 'technical_setup'] as const;
export type DeploymentType = (typeof DEPLOYMENT_TYPES)[number];
export const DEPLOYMENT_TYPE_LABELS: Record<DeploymentType, string> = {
  ready_to_use: 'Ready to use',
  minimal_setup: 'Minimal setup',
  technical_setup: 'Technical setup',
};

/** How a buyer receives the product (src/shared/delivery.ts says what each delivers). */
export const DELIVERY_TYPES = ['file', 'link', 'text', 'multiple'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = {
  file: 'File download',
  link: 'External link',
  text: 'Text and instructions',
  multiple: 'Files, link and text',
};
/** The editor's choice cards: what the creator picks between (spec section 5, Content delivery). */
export const DELIVERY_TYPE_CHOICES: Record<DeliveryType, { title: string; text: string }> = {
  file: { title: 'File upload', text: 'Buyers download files you upload.' },
  link: { title: 'External link', text: 'Buyers get a link to your tool or download.' },
  text: { title: 'Text instructions', text: 'Buyers get text: a prompt, steps or a license key.' },
  multiple: { title: 'Multiple', text: 'Files, a link and text together.' },
};

export const DEMO_LINK_TYPES = ['video_demo', 'live_demo', 'source_code', 'documentation', 'tutorial', 'api_reference'] as const;
export type DemoLinkType = (typeof DEMO_LINK_TYPES)[number];
/** One link's type, as the editor offers it. */
export const DEMO_LINK_TYPE_LABELS: Record<DemoLinkType, string> = {
  video_demo: 'Video demo',
  live_demo: 'Live demo',
  source_code: 'Source code',
  documentation: 'Documentation',
  tutorial: 'Tutorial',
  api_reference: 'API reference',
};
/** The heading of a group of links of one type on the product page. */
export const DEMO_LINK_GROUP_HEADINGS: Record<DemoLinkType, string> = {
  video_demo: 'Video demos',
  live_demo: 'Live demos',
  source_code: 'Source code',
  documentation: 'Documentation',
  tutorial: 'Tutorials',
  api_reference: 'API reference',
};

/** Spec section 3, access_requirements (object): what a buyer needs to run the product. */
export const ACCESS_REQUIREMENT_KEYS = ['accounts', 'api_keys', 'hardware', 'other'] as const;
export type AccessRequirementKey = (typeof ACCESS_REQUIREMENT_KEYS)[number];
export const ACCESS_REQUIREMENT_LABELS: Record<AccessRequirementKey, string> = {
  accounts: 'Accounts needed',
  api_keys: 'API keys or credentials',
  hardware: 'Hardware or hosting',
  other: 'Other requirements',
};

/**
 * A new product's defaults (spec section 9), for the product schema, the editor's empty form
 * and the catalogue's fallbacks (the migration's column defaults are the same values).
 */
export const PRODUCT_DEFAULTS = {
  status: 'draft',
  pricingModel: 'one_time',
  technicalLevel: 'beginner',
  deploymentType: 'ready_to_use',
  deliveryType: 'file',
} as const satisfies {
  status: ProductStatus;
  pricingModel: PricingModel;
  technicalLevel: TechnicalLevel;
  deploymentType: DeploymentType;
  deliveryType: DeliveryType;
};

/** How a product was obtained (downloads.download_type): free, or paid for. */
export const DOWNLOAD_TYPES = ['free', 'paid'] as const;
export type DownloadType = (typeof DOWNLOAD_TYPES)[number];

/** What a product_interactions row records (the creator analytics count views). */
export const INTERACTION_TYPES = ['view', 'preview'] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];

// ---------------------------------------------------------------------------
// Accounts (spec section 6)
// ---------------------------------------------------------------------------

export const USER_TYPES = ['creator', 'buyer', 'community'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_TYPE_LABELS: Record<UserType, string> = { creator: 'Creator', buyer: 'Buyer', community: 'Community' };
export const DEFAULT_USER_TYPE: UserType = 'buyer';
export function isUserType(value: unknown): value is UserType {
  return isOneOf(USER_TYPES, value);
}

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ONBOARDING_STATUSES = ['pending', 'completed', 'skipped'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

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
 * your answer accepted, a question on your product; or your account suspended or its
 * suspension lifted (docs/decisions/042).
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
/** The kinds that are about one of the creator's orders. */
export const ORDER_NOTIFICATION_KINDS = ['sale', 'refund'] as const satisfies readonly NotificationKind[];
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

// ---------------------------------------------------------------------------
// Product reviews (issue 15, docs/decisions/029)
// ---------------------------------------------------------------------------

/** The orders of a product's reviews on its page. */
export const PRODUCT_REVIEW_SORTS = ['newest', 'helpful', 'lowest'] as const;
export type ProductReviewSort = (typeof PRODUCT_REVIEW_SORTS)[number];
export const PRODUCT_REVIEW_SORT_LABELS: Record<ProductReviewSort, string> = { newest: 'Newest', helpful: 'Most helpful', lowest: 'Lowest rated' };

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

// ---------------------------------------------------------------------------
// Payments (docs/decisions/013)
// ---------------------------------------------------------------------------

/** What an order buys: the product once, or a monthly subscription. */
export const PURCHASE_KINDS = ['one_time', 'subscription'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

export const ORDER_STATUSES = ['pending', 'paid', 'refunded', 'failed', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** The statuses that still give access until the period ends. */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'past_due'] as const satisfies readonly SubscriptionStatus[];

export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_EVENT_STATUSES = ['processed', 'parked', 'ignored'] as const;
export type PaymentEventStatus = (typeof PAYMENT_EVENT_STATUSES)[number];

export const PAYOUT_STATUSES = ['pending', 'processing', 'paid', 'cancelled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

// ---------------------------------------------------------------------------
// API keys (docs/decisions/025)
// ---------------------------------------------------------------------------

/**
 * What an API key may do: each scope opens a fixed set of routes
 * (functions/api-keys/route-scopes.ts); a key reaches nothing else.
 */
export const API_KEY_SCOPES = ['products:read', 'products:write', 'sales:read', 'licenses:verify'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { title: string; text: string }> = {
  'products:read': { title: 'Read products', text: 'List your products and read one with its files.' },
  'products:write': { title: 'Write products', text: 'Create, edit, publish and delete your products, and upload their images and files.' },
  'sales:read': { title: 'Read sales', text: 'List your sales and export your earnings report.' },
  'licenses:verify': { title: 'Verify licence keys', text: "Check a buyer's licence key for one of your products." },
};
export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return isOneOf(API_KEY_SCOPES, value);
}

// ---------------------------------------------------------------------------
// Creator webhooks (docs/decisions/027)
// ---------------------------------------------------------------------------

/** The events a creator's webhook endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = ['sale.created', 'sale.refunded', 'product.published', 'review.created'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'sale.created': 'A sale is paid',
  'sale.refunded': 'A sale is refunded',
  'product.published': 'A product is published',
  'review.created': 'You receive a review',
};
/** What a delivery carries: a subscribed event, or the test ping sent from /settings/api (never retried). */
export const WEBHOOK_DELIVERY_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, 'webhook.test'] as const;
export type WebhookDeliveryEventType = (typeof WEBHOOK_DELIVERY_EVENT_TYPES)[number];

/** pending (waiting for its first or next attempt), delivered (a 2xx answer), failed (no 2xx within 24 hours). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = { pending: 'Retrying', delivered: 'Delivered', failed: 'Failed' };

// ---------------------------------------------------------------------------
// Uploads (docs/decisions/006 and 011)
// ---------------------------------------------------------------------------

export const UPLOAD_KINDS = ['image', 'file', 'avatar', 'banner'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** The kinds a profile has one of. */
export const PROFILE_IMAGE_KINDS = ['avatar', 'banner'] as const satisfies readonly UploadKind[];
export type ProfileImageKind = (typeof PROFILE_IMAGE_KINDS)[number];

/** Which image of a product an upload is (spec section 7): one main, one featured, many additional. */
export const IMAGE_SLOTS = ['main', 'featured', 'additional'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];

/** Public blobs are served to anyone; private ones (deliverables) only through the download endpoint. */
export const BLOB_ACCESS = ['public', 'private'] as const;
export type BlobAccess = (typeof BLOB_ACCESS)[number];

// ---------------------------------------------------------------------------
// Background jobs (docs/decisions/040)
// ---------------------------------------------------------------------------

/**
 * A job's state, as pg-boss keeps it: created (waiting to run), retry (failed, waiting for its
 * next attempt), active (running), completed, cancelled, failed (out of retries, kept with its error).
 */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Whether `value` is one of `values`, narrowing it: the one membership check every enum uses. */
export function isOneOf<const T extends readonly string[]>(values: T, value: unknown): value is T[number] {
  return typeof value === 'string' && values.includes(value);
}
