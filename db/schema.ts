/**
 * Table interfaces for Kysely, one per table of db/migrations, plus row aliases.
 * Postgres numeric columns come back as strings from both drivers; services convert them.
 * Every enumerated column takes its type from src/shared/domain.ts (docs/decisions/018).
 */
import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable, Updateable } from 'kysely';
import type {
  AiToolCategory,
  BlobAccess,
  DeliveryType,
  DeploymentType,
  DownloadType,
  FeedKind,
  InteractionType,
  NotificationKind,
  NotificationReason,
  OnboardingStatus,
  OrderStatus,
  PaymentEventStatus,
  PaymentProviderName,
  PayoutStatus,
  LedgerEntryKind,
  PricingModel,
  ProductStatus,
  PurchaseKind,
  DiscountKind,
  CustomerEmailAudience,
  RefundDecider,
  InvoiceKind,
  RefundPolicy,
  RefundRequestStatus,
  ModerationAction,
  ReportRowReason,
  ReportStatus,
  ReportTargetKind,
  SubscriptionStatus,
  TechnicalLevel,
  ToolClaimMethod,
  ToolClaimStatus,
  ToolEvent,
  ToolMaintainerRole,
  ToolStatus,
  UpdateType,
  UploadKind,
  UserRole,
  UserType,
  WebhookDeliveryEventType,
  WebhookDeliveryStatus,
  WebhookEventType,
} from '../src/shared/domain';
import type { EmailChannel, EmailDelivery, EmailKind, EmailMessageStatus, EmailSuppressionReason, OutboxKind } from '../src/shared/email-preferences';
import type { CommunitySpaceKind, CommunityThreadKind, CommunityVoteTarget } from '../src/shared/community';
import type { DemoLinkJson } from '../src/shared/products';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Numeric = ColumnType<string, number | string | undefined, number | string>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: Generated<boolean>;
  image: string | null;
  full_name: string | null;
  user_type: Generated<UserType>;
  company: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: string;
  expires_at: Timestamp;
  token: string;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface AccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Date | null;
  refresh_token_expires_at: Date | null;
  scope: string | null;
  password: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface RateLimitsTable {
  id: string;
  key: string;
  count: number;
  last_request: ColumnType<string, number | bigint | string, number | bigint | string>;
}

/**
 * API keys (better-auth's API key plugin, docs/decisions/025). The plugin writes the rows;
 * functions/api-keys reads and deletes them. `key` is the SHA-256 of the secret.
 */
export interface ApiKeysTable {
  id: string;
  config_id: Generated<string>;
  name: string | null;
  start: string | null;
  reference_id: string;
  prefix: string | null;
  key: string;
  refill_interval: number | null;
  refill_amount: number | null;
  last_refill_at: Date | null;
  enabled: Generated<boolean | null>;
  rate_limit_enabled: Generated<boolean | null>;
  rate_limit_time_window: number | null;
  rate_limit_max: number | null;
  request_count: Generated<number | null>;
  remaining: number | null;
  last_request: Date | null;
  expires_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** JSON of { resource: [action] }, e.g. {"products":["read"]} for products:read. */
  permissions: string | null;
  metadata: string | null;
}

export interface ProfilesTable {
  id: string;
  full_name: string | null;
  user_type: Generated<UserType>;
  role: Generated<UserRole>;
  company: string | null;
  bio: string | null;
  interests: TextArray;
  avatar_url: string | null;
  banner_image_url: string | null;
  social_links: JSONColumnType<Record<string, string>, string | undefined, string>;
  specialties: TextArray;
  location: string | null;
  website: string | null;
  verified: Generated<boolean>;
  follower_count: Generated<number>;
  following_count: Generated<number>;
  /** When follower_count or average_rating last moved (a trigger; the figures of stored pages, docs/decisions/064). */
  figures_changed_at: Timestamp | null;
  total_sales: Generated<number>;
  total_earnings: Numeric;
  average_rating: Numeric;
  review_count: Generated<number>;
  onboarding_status: Generated<OnboardingStatus>;
  /** The public address /@handle (migration 2026-11-27-0500): lower-case, unique, null until chosen. */
  handle: string | null;
  /** Set when the account was deleted: the row stays as an anonymised tombstone for orders (docs/decisions/032). */
  deleted_at: Timestamp | null;
  /** Suspended until then (docs/decisions/037): no posting, reviewing, publishing or buying; ends by itself. */
  suspended_until: Timestamp | null;
  suspension_reason: string | null;
  /** The profile's own words (bio, links, banner) hidden from public reads by the team. */
  hidden_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CategoriesTable {
  id: string;
  name: string;
  description: string;
  created_at: CreatedAt;
}

/** One stat of a tool page ('Integrations': '400+'). */
export interface AiToolStatJson {
  label: string;
  value: string;
}

/** The copy of a tool's /tools/{id}/landing page (null: derived from the tool's own copy). */
export interface AiToolLandingJson {
  headline: string;
  subheadline: string;
  features: { title: string; description: string }[];
}

/** A tool of the directory, and a submission (docs/decisions/038). */
export interface AiToolsTable {
  id: string;
  name: string;
  /** The owner (tool_maintainers role 'owner' holds the same user). */
  claimed_by: string | null;
  /** 'Maintained by {name or organisation}'. */
  maintainer_name: string | null;
  created_at: CreatedAt;
  category: Generated<AiToolCategory>;
  description: Generated<string>;
  long_description: Generated<string>;
  official_site: string | null;
  /** Lower-case host without a leading 'www.'; unique among tools that are not rejected. */
  official_site_host: string | null;
  documentation_url: string | null;
  github_url: string | null;
  pricing: Generated<string>;
  platforms: TextArray;
  features: TextArray;
  use_cases: TextArray;
  stats: JSONColumnType<AiToolStatJson[], string | undefined, string>;
  gradient_from: Generated<string>;
  gradient_to: Generated<string>;
  monogram: Generated<string>;
  logo_url: string | null;
  landing: JSONColumnType<AiToolLandingJson | null, string | null | undefined, string | null>;
  /** The latest public release we know of (YYYY-MM-DD), from the copy; real updates win. */
  last_release_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whether /tools/{id} is a detail page (otherwise it points at the landing page). */
  detail_page: Generated<boolean>;
  status: Generated<ToolStatus>;
  submitted_by: string | null;
  submitted_at: Timestamp | null;
  reviewed_at: Timestamp | null;
  /** The administrator's message when asking for changes or rejecting. */
  review_note: string | null;
  /** Changelog source URLs asked for at submission (the feeds job owns the sources table). */
  requested_sources: TextArray;
  /** When a domain claim succeeded: the page shows 'Verified'. */
  verified_at: Timestamp | null;
  updated_at: Generated<Date>;
  /** When a follow of the tool was last added or removed (a trigger; docs/decisions/064). */
  figures_changed_at: Timestamp | null;
}

export interface ToolMaintainersTable {
  tool_id: string;
  user_id: string;
  role: ToolMaintainerRole;
  invited_by: string | null;
  created_at: CreatedAt;
}

export interface ToolMaintainerInvitesTable {
  id: Generated<string>;
  tool_id: string;
  invited_by: string | null;
  /** Set when invited by handle. */
  invitee_id: string | null;
  /** Set when invited by email (or the invitee's address when invited by handle). */
  email: string | null;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
}

export interface ToolClaimsTable {
  id: Generated<string>;
  tool_id: string;
  user_id: string;
  method: ToolClaimMethod;
  /** The address at the official domain (method 'email'). */
  email: string | null;
  /** 'Maintained by' this name when verified (null: the claimant's display name). */
  organisation: string | null;
  /** sha256 of the email link's token (method 'email') or of the challenge. */
  token_hash: string;
  /** The value to publish at /.well-known/toolmint-verification.txt (method 'well_known'). */
  challenge: string | null;
  status: Generated<ToolClaimStatus>;
  /** An administrator's reason (rejection, revocation). */
  note: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
  decided_at: Timestamp | null;
  decided_by: string | null;
}

export interface ProductsTable {
  id: Generated<string>;
  creator_id: string;
  title: string;
  description: string | null;
  short_description: string | null;
  price: Numeric;
  category_id: string | null;
  status: Generated<ProductStatus>;
  tags: TextArray;
  demo_url: string | null;
  download_url: string | null;
  image_url: string | null;
  featured_image_url: string | null;
  additional_images: TextArray;
  video_demo_url: string | null;
  downloads_count: Generated<number>;
  views_count: Generated<number>;
  /** When views_count or downloads_count last moved (a trigger; the figures of stored pages, docs/decisions/064). */
  figures_changed_at: Timestamp | null;
  /** The average of the product's reviews (two decimals), 0 without any (docs/decisions/029). */
  rating: Numeric;
  review_count: Generated<number>;
  /** The Bayesian average 'Top rated' sorts by; 0 without reviews (functions/product-reviews). */
  rating_score: Numeric;
  ai_tool_type: string | null;
  content_type: string | null;
  pricing_model: Generated<PricingModel>;
  /** Null: the creator did not set it, and the product page leaves it out (migration 2026-11-27-0100). */
  technical_level: TechnicalLevel | null;
  deployment_type: Generated<DeploymentType>;
  capability_vector: JSONColumnType<Record<string, number>> | null;
  compatibility_tags: TextArray;
  use_cases: TextArray;
  required_skills: TextArray;
  output_types: TextArray;
  /** The metrics: null when the creator did not set them (migration 2026-11-27-0100). */
  integration_complexity: number | null;
  success_rate: number | null;
  avg_setup_time: number | null;
  community_score: Numeric;
  content_delivery_type: Generated<DeliveryType>;
  content_text: string | null;
  file_urls: TextArray;
  download_instructions: string | null;
  access_requirements: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  demo_links: JSONColumnType<DemoLinkJson[], string | undefined, string>;
  /** Whether each purchase (or a free product's first download) issues a licence key (migration 2026-11-26-0200). */
  issues_license_keys: Generated<boolean>;
  /** When the product last entered the review queue (migration 2026-11-27-0400, docs/decisions/031). */
  submitted_at: Timestamp | null;
  /** Why an administrator did not approve it, shown to its creator until it is submitted again. */
  review_note: string | null;
  /** Removed from the marketplace by the team (docs/decisions/037): the product is 'rejected' and cannot be published again. */
  removed_at: Timestamp | null;
  /** The version the creator is editing and its release notes (migration 2026-11-27-0300); released ones are in product_versions. */
  version: ColumnType<string | null, string | null | undefined, string | null>;
  release_notes: ColumnType<string | null, string | null | undefined, string | null>;
  /** The creator's refund policy (migration 2026-11-30-0200, docs/decisions/049); 30 days unless set. */
  refund_policy: Generated<RefundPolicy>;
  /** Pay what you want (migration 2026-12-05-0200, docs/decisions/077): `price` is then the minimum. */
  pay_what_you_want: Generated<boolean>;
  /** The amount a PWYW product offers first; null: the minimum. */
  suggested_price: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  /** Affiliates (migration 2026-12-06-0400, docs/decisions/081): the commission, 1-75 % of the creator's net; null: off. */
  affiliate_percent: ColumnType<number | null, number | null | undefined, number | null>;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A version a published product was released at, once each (migration 2026-11-27-0300). */
export interface ProductVersionsTable {
  id: Generated<string>;
  product_id: string;
  version: string;
  notes: string | null;
  released_at: Timestamp;
}

export interface DownloadsTable {
  id: Generated<string>;
  user_id: string;
  product_id: string;
  download_type: DownloadType;
  amount: Numeric;
  content_accessed: string | null;
  created_at: Timestamp;
}

/** A signed-in buyer's cart (migration 2026-12-07-0100, docs/decisions/082): one row per product. */
export interface CartItemsTable {
  user_id: string;
  product_id: string;
  added_at: CreatedAt;
}

export interface FavoritesTable {
  user_id: string;
  product_id: string;
  created_at: CreatedAt;
}

export interface SellerReviewsTable {
  id: Generated<string>;
  seller_id: string;
  reviewer_id: string;
  rating: number;
  review_text: string | null;
  /** Hidden by the team (docs/decisions/037): out of public reads and the seller's rating. */
  hidden_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A product review (migration 2026-11-27-0200, functions/product-reviews). */
export interface ProductReviewsTable {
  id: Generated<string>;
  product_id: string;
  reviewer_id: string;
  rating: number;
  review_text: string;
  helpful_count: Generated<number>;
  reply_text: string | null;
  replied_at: Timestamp | null;
  /** Hidden by the team (docs/decisions/037): out of public reads and the product's rating. */
  hidden_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductReviewVotesTable {
  review_id: string;
  user_id: string;
  created_at: CreatedAt;
}

/** One report of anything reportable (migration 2026-11-28-0300, docs/decisions/037). */
export interface ReportsTable {
  id: Generated<string>;
  target_kind: ReportTargetKind;
  target_id: string;
  /** The author of what was reported (whom a suspension reaches). */
  target_user_id: string | null;
  /** Null: the queue's own entry for a post held for review. */
  reporter_id: string | null;
  reason: ReportRowReason;
  note: string | null;
  status: Generated<ReportStatus>;
  resolution: ModerationAction | null;
  resolved_by: string | null;
  resolved_at: Timestamp | null;
  created_at: CreatedAt;
}

/** Every moderation action: who, what, when, why (append-only). */
export interface ModerationActionsTable {
  id: Generated<string>;
  actor_id: string | null;
  action: ModerationAction;
  target_kind: ReportTargetKind;
  target_id: string;
  subject_user_id: string | null;
  report_id: string | null;
  reason: string;
  until: Timestamp | null;
  created_at: CreatedAt;
}

export interface SellerBadgesTable {
  id: Generated<string>;
  seller_id: string;
  badge: string;
  earned_at: Timestamp;
}

export interface SellerAnalyticsTable {
  seller_id: string;
  date: ColumnType<Date, Date | string, Date | string>;
  views: Generated<number>;
  downloads: Generated<number>;
  sales: Generated<number>;
  revenue: Numeric;
}

export interface FollowsTable {
  follower_id: string;
  following_id: string;
  created_at: Timestamp;
}

export interface ProductInteractionsTable {
  id: Generated<string>;
  user_id: string | null;
  product_id: string;
  interaction_type: InteractionType;
  session_id: string | null;
  /** The visitor the view was counted for (visitor.ts's hashed key; null before 2026-11-29-0500). */
  visitor_key: string | null;
  interaction_context: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
}

export interface AiToolFollowsTable {
  user_id: string;
  tool_id: string;
  created_at: CreatedAt;
}

export interface AiToolUpdatesTable {
  id: Generated<string>;
  tool_id: string;
  author_id: string | null;
  title: string;
  content: string;
  update_type: UpdateType;
  version: string | null;
  created_at: Timestamp;
}

/** A tool's changelog feed (migration 2026-11-28-0500, functions/tool-feeds, docs/decisions/039). */
export interface AiToolChangelogSourcesTable {
  id: Generated<string>;
  tool_id: string;
  url: string;
  /** What the last good fetch found; null until then. */
  kind: FeedKind | null;
  /** Who added it; null for a seeded source. */
  added_by: string | null;
  etag: string | null;
  last_modified: string | null;
  last_fetched_at: Timestamp | null;
  last_success_at: Timestamp | null;
  next_fetch_at: Generated<Date>;
  consecutive_failures: Generated<number>;
  paused_at: Timestamp | null;
  /** In words for the maintainer: 'Last fetch failed: not a feed'. */
  last_status: string | null;
  removed_at: Timestamp | null;
  created_at: CreatedAt;
}

/** An entry of a tool's feeds already seen (by guid or link): posted once. */
export interface AiToolFeedEntriesTable {
  tool_id: string;
  entry_key: string;
  source_id: string | null;
  /** The update it became; null for an entry only recorded (older entries of a first fetch). */
  update_id: string | null;
  seen_at: CreatedAt;
}

export interface UserNotificationsTable {
  id: Generated<string>;
  user_id: string;
  /** What the notice is about (src/shared/domain.ts): a tool update, or a creator's sale or refund. */
  kind: Generated<NotificationKind>;
  /** Set for a 'tool_update' notice only. */
  update_id: string | null;
  /** Set for a 'sale' or 'refund' notice only. */
  order_id: string | null;
  /** Set for a 'product_version' notice only (an owner's notice of a new version). */
  product_version_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set for a 'new_product' notice only (a product published by a creator the user follows). */
  product_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set for a 'tool_notice' only: the tool, what happened, and an optional message. */
  tool_id: ColumnType<string | null, string | null | undefined, string | null>;
  tool_event: ColumnType<ToolEvent | null, ToolEvent | null | undefined, ToolEvent | null>;
  note: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set for a community notice (docs/decisions/035): the thread it is about. */
  community_thread_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A community notice's reply: the new reply, the accepted answer, or the reply that mentions. */
  community_reply_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who did what a community notice tells (the replier, the mentioner, who accepted, who asked). */
  actor_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set for an 'account_suspension' notice only: the logged suspend or unsuspend it tells of (docs/decisions/042). */
  moderation_action_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set for a 'payout' notice only: the payout paid or failed (docs/decisions/048). */
  payout_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A tool update's reason; null for an order notice. */
  reason: ColumnType<NotificationReason | null, NotificationReason | null | undefined, NotificationReason | null>;
  is_read: Generated<boolean>;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SearchWordsTable {
  word: string;
}

/** The log of content changes that touched catalogue pages (the refresh is a job, docs/decisions/061). */
export interface RebuildRequestsTable {
  id: Generated<string>;
  reason: string;
  product_id: string | null;
  /** The pages the change touches (migration 2026-11-25-0200). */
  paths: ColumnType<string[], string[] | undefined, string[]>;
  requested_at: CreatedAt;
}

/** Where the figures pass on Vercel stands (migration 2026-12-04-0100, docs/decisions/073): one row. */
export interface FiguresRevalidationTable {
  id: ColumnType<number, number | undefined, never>;
  since: Timestamp;
  passed_at: Timestamp;
  /** Keys of the changes already taken that the next pass reads again (figureChangeKey). */
  seen: ColumnType<string[], string, string>;
}

/** A page showing a changed figure, not revalidated yet, with its oldest change. */
export interface FiguresRevalidationPendingTable {
  path: string;
  changed_at: Timestamp;
}

export interface PayoutRequestsTable {
  id: Generated<string>;
  seller_id: string;
  /** What the payout pays; lowered while open when a sale in it is refunded (docs/decisions/048). */
  amount_cents: number;
  status: Generated<PayoutStatus>;
  requested_at: CreatedAt;
  processing_at: Timestamp | null;
  paid_at: Timestamp | null;
  /** When it failed or was cancelled. */
  closed_at: Timestamp | null;
  /** The transfer's reference, given by the administrator who marked it paid. */
  reference: string | null;
  failure_reason: string | null;
  decided_by: string | null;
}

/** Append-only (a trigger refuses update and delete): docs/decisions/048. */
export interface CreatorLedgerEntriesTable {
  id: Generated<string>;
  creator_id: string;
  kind: LedgerEntryKind;
  amount_cents: number;
  order_id: string | null;
  payout_id: string | null;
  reason: string | null;
  created_by: string | null;
  /** An administrator's adjustment: the form's key, unique per administrator (docs/decisions/051). */
  idempotency_key: string | null;
  /** A Stripe transfer or its reversal: the Stripe payment it mirrors (docs/decisions/051). */
  provider_ref: string | null;
  available_at: Timestamp;
  created_at: CreatedAt;
}

export interface PayoutItemsTable {
  download_id: string;
  payout_id: string;
  amount: Numeric;
}

export interface RateLimitCountersTable {
  key: string;
  /** Unix seconds at the start of the fixed window. */
  window_start: ColumnType<string, number, never>;
  count: Generated<number>;
  expires_at: Timestamp;
}

export interface UploadsTable {
  id: Generated<string>;
  user_id: string;
  kind: UploadKind;
  pathname: string;
  url: string;
  access: BlobAccess;
  /** bigint: a string from the Neon driver, a number from PGlite; read it with Number(). */
  size_bytes: ColumnType<string | number, number, number>;
  created_at: Timestamp;
}

export interface ProductViewDaysTable {
  product_id: string;
  visitor_key: string;
  day: ColumnType<Date, Date | string, never>;
}

/** One visitor's first visit of a product on a UTC day, with its source (docs/decisions/079). */
export interface ProductVisitsTable {
  product_id: string;
  day: ColumnType<Date, Date | string, never>;
  /** sha256(day's salt, address, user agent, product id): neither the address nor the agent is stored. */
  visitor_hash: string;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
}

/** The current UTC day's random salt; older days' are deleted when a new day's is made. */
export interface VisitSaltsTable {
  day: ColumnType<Date, Date | string, never>;
  salt: string;
}

export interface ProductDownloadersTable {
  product_id: string;
  user_id: string;
  first_downloaded_at: CreatedAt;
}

export interface OrdersTable {
  id: Generated<string>;
  number: ColumnType<string, never, never>;
  buyer_id: string;
  product_id: string;
  creator_id: string;
  kind: Generated<PurchaseKind>;
  amount_cents: number;
  fee_cents: number;
  currency: Generated<string>;
  status: Generated<OrderStatus>;
  provider: PaymentProviderName;
  provider_session_id: string | null;
  provider_payment_id: string | null;
  provider_subscription_id: string | null;
  destination_account_id: string | null;
  created_at: CreatedAt;
  paid_at: Timestamp | null;
  refunded_at: Timestamp | null;
  /** Tax on top of amount_cents (migration 2026-12-01-0100, docs/decisions/050): the buyer paid amount_cents + tax_cents. */
  tax_cents: Generated<number>;
  tax_rate_bps: Generated<number>;
  /** Where the tax is due (the buyer's country); null before checkout knows it, or with no tax. */
  tax_country: string | null;
  /** The EU reverse charge: a business buyer of another member state accounts for the VAT. */
  tax_reverse_charge: Generated<boolean>;
  buyer_country: string | null;
  buyer_company: string | null;
  buyer_vat_id: string | null;
  payment_card_brand: string | null;
  payment_card_last4: string | null;
  /** The discount code the checkout applied (migration 2026-12-05-0100, docs/decisions/075): amount_cents is after it. */
  discount_code_id: string | null;
  /** The code as it was applied, upper-case. */
  discount_code: string | null;
  /** The discount in cents: the list price was amount_cents + discount_cents. */
  discount_cents: Generated<number>;
  /**
   * Where the checkout was started from (migration 2026-12-06-0200, docs/decisions/079): utm_source,
   * else the referrer's host, else 'direct'; null where not recorded (earlier orders, renewals).
   */
  source: string | null;
  source_referrer: string | null;
  source_medium: string | null;
  source_campaign: string | null;
  /** A bundle bought by a partial owner (migration 2026-12-06-0300, docs/decisions/080): what they had paid for the items they owned, taken off. */
  bundle_credit_cents: Generated<number>;
  /** How many of the bundle's items they owned when the checkout was created. */
  bundle_owned_items: Generated<number>;
  /** The affiliate link the checkout was attributed to (migration 2026-12-06-0400, docs/decisions/081); null: none. */
  affiliate_link_id: string | null;
  affiliate_user_id: string | null;
  /** The percent of the creator's net the link's product offered when the checkout started. */
  affiliate_percent: number | null;
  /** The affiliate's commission in cents, out of the creator's net (0: none). */
  affiliate_commission_cents: Generated<number>;
  /**
   * A cart's checkout (migration 2026-12-07-0100, docs/decisions/082): the id its orders share
   * (one session, an order per product), Stripe's transfer_group; null for a single checkout.
   */
  checkout_group: string | null;
  /** The Stripe transfer that paid this cart order's creator; a refund reverses it. */
  provider_transfer_id: string | null;
}

/** An affiliate's link to a product (docs/decisions/081): /a/{code}. */
export interface AffiliateLinksTable {
  id: Generated<string>;
  code: string;
  product_id: string;
  user_id: string;
  clicks: Generated<number>;
  created_at: CreatedAt;
}

/** One product in a bundle (docs/decisions/080): an order of bundle_id gives access to product_id. */
export interface BundleItemsTable {
  bundle_id: string;
  product_id: string;
  position: Generated<number>;
}

/** A creator's discount code (docs/decisions/075): `uses` counts open checkouts holding it and paid orders. */
export interface DiscountCodesTable {
  id: Generated<string>;
  creator_id: string;
  /** Upper-case: codes are case-insensitive, unique per creator. */
  code: string;
  kind: DiscountKind;
  percent_off: number | null;
  amount_off_cents: number | null;
  /** Null: every product of the creator. */
  product_ids: string[] | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  max_uses: number | null;
  min_price_cents: Generated<number>;
  uses: Generated<number>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** invoice and credit note numbers: the last one issued per series and year (docs/decisions/050). */
export interface InvoiceCountersTable {
  series: 'INV' | 'CN';
  year: number;
  last: number;
}

/**
 * An order's invoice or credit note (migration 2026-12-01-0100, docs/decisions/050), with what
 * it says copied in when it was issued: it never changes. Never deleted.
 */
export interface InvoicesTable {
  id: Generated<string>;
  order_id: string;
  kind: InvoiceKind;
  number: string;
  issued_at: CreatedAt;
  seller_id: string;
  seller_name: string;
  buyer_id: string;
  buyer_name: string;
  buyer_email: string;
  buyer_country: string | null;
  buyer_company: string | null;
  buyer_vat_id: string | null;
  description: string;
  price_cents: number;
  tax_cents: number;
  total_cents: number;
  currency: string;
  tax_rate_bps: number;
  tax_country: string | null;
  reverse_charge: boolean;
  payment_card_brand: string | null;
  payment_card_last4: string | null;
  /** The order's discount code and discount, copied when issued (docs/decisions/075): price_cents is after it. */
  discount_code: string | null;
  discount_cents: Generated<number>;
}

/**
 * A buyer's refund of an order (migration 2026-11-30-0200, docs/decisions/049): an instant one,
 * or a request with a reason that the creator (or, after 7 days, an administrator) decides.
 * One per order; never deleted.
 */
export interface RefundRequestsTable {
  id: Generated<string>;
  order_id: string;
  buyer_id: string;
  creator_id: string;
  status: RefundRequestStatus;
  /** The buyer's reason; null for an instant refund. */
  reason: string | null;
  created_at: CreatedAt;
  escalated_at: Timestamp | null;
  decided_at: Timestamp | null;
  decided_by: string | null;
  decider: RefundDecider | null;
  /** The creator's or administrator's message to the buyer. */
  decision_message: string | null;
}

export interface PaymentEventsTable {
  id: string;
  provider: PaymentProviderName;
  type: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  status: Generated<PaymentEventStatus>;
  waits_for: string | null;
  received_at: CreatedAt;
  processed_at: Timestamp | null;
}

export interface PayoutAccountsTable {
  creator_id: string;
  stripe_account_id: string;
  is_ready: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SubscriptionsTable {
  id: Generated<string>;
  buyer_id: string;
  product_id: string;
  creator_id: string;
  provider: PaymentProviderName;
  provider_subscription_id: string;
  price_cents: number;
  status: SubscriptionStatus;
  current_period_end: Timestamp;
  cancel_at_period_end: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface OrderPayoutItemsTable {
  order_id: string;
  payout_id: string;
  amount_cents: number;
}

export interface WebhookEndpointsTable {
  id: Generated<string>;
  user_id: string;
  url: string;
  description: Generated<string>;
  events: ColumnType<WebhookEventType[], WebhookEventType[], WebhookEventType[]>;
  secret: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The log of a creator webhook delivery: its own job sends it, pg-boss retries it (docs/decisions/060). */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  endpoint_id: string;
  /** The event's id, the same for every endpoint it goes to (Toolmint-Webhook-Id). */
  event_id: string;
  event_type: WebhookDeliveryEventType;
  /** The exact JSON body that is signed and sent. */
  payload: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  last_attempt_at: Timestamp | null;
  last_status_code: number | null;
  last_response_snippet: string | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A licence key (migration 2026-11-26-0200, functions/licenses): per paid order, or per buyer of a free product. */
export interface LicensesTable {
  id: Generated<string>;
  product_id: string;
  buyer_id: string;
  /** The paid order that issued it; null for a free product's key. */
  order_id: string | null;
  key: string;
  uses: Generated<number>;
  /** Null while the key verifies; set by a refund or by the creator. */
  disabled_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A creator's email to their buyers or followers, one row per real send (migration 2026-12-06-0100, docs/decisions/078). */
export interface CustomerEmailsTable {
  id: Generated<string>;
  creator_id: string;
  audience: CustomerEmailAudience;
  /** Set exactly for the audience 'product'. */
  product_id: string | null;
  subject: string;
  body_markdown: string;
  /** The sanitized HTML of the Markdown, rendered once when it was sent. */
  body_html: string;
  /** The recipients counted when it was sent. */
  recipient_count: number;
  created_at: CreatedAt;
}

/** A user's channel for one email kind, where it differs from the default (migration 2026-11-28-0700, docs/decisions/041). */
export interface NotificationPreferencesTable {
  user_id: string;
  kind: EmailKind;
  channel: EmailChannel;
  /** What a one-click unsubscribe turned off, for its 'Undo'; cleared by any other change. */
  previous_channel: EmailChannel | null;
  updated_at: Generated<Date>;
}

/** A transactional email as it was rendered when its row was written (docs/decisions/059). */
export interface StoredEmail {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/**
 * The outbox: every email decided on, once per (user, kind, reference): events, digests
 * (docs/decisions/041) and transactional emails; each sent by its own 'email.deliver' job
 * (docs/decisions/059), and kept as the log of what was sent.
 */
export interface EmailMessagesTable {
  id: Generated<string>;
  user_id: string;
  kind: OutboxKind;
  reference: string;
  channel: EmailDelivery;
  status: EmailMessageStatus;
  /** What the template needs when the reference alone does not say it (JSON). */
  payload: JSONColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** A transactional email's address (set exactly for kind 'transactional'); a notification goes to the account's. */
  to_email: string | null;
  /** A transactional email as rendered, until it is sent (then null: no sign-in link stays in the table). */
  content: JSONColumnType<StoredEmail | null, string | null | undefined, string | null>;
  attempts: Generated<number>;
  last_error: string | null;
  cancel_reason: string | null;
  digest_id: string | null;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  /** When the recipient used this email's one-click unsubscribe (a creator's email's figures, docs/decisions/078). */
  unsubscribed_at: Timestamp | null;
}

/** An address Resend reported as a hard bounce or a complaint: nothing is sent to it. */
export interface EmailSuppressionsTable {
  email: string;
  reason: EmailSuppressionReason;
  detail: string | null;
  created_at: CreatedAt;
}

/** A space of the community: one per AI tool (kept by a trigger on ai_tools) or a general one (docs/decisions/035). */
export interface CommunitySpacesTable {
  /** The slug: /community/{id}. */
  id: string;
  name: string;
  description: Generated<string>;
  kind: CommunitySpaceKind;
  /** Set exactly for a tool's space. */
  tool_id: string | null;
  sort_order: Generated<number>;
  thread_count: Generated<number>;
  created_at: CreatedAt;
}

export interface CommunityThreadsTable {
  id: Generated<string>;
  space_id: string;
  author_id: string;
  kind: Generated<CommunityThreadKind>;
  title: string;
  /** The Markdown source. */
  body: string;
  /** The sanitized HTML of body, rendered by the server at write time (functions/_shared/markdown.ts). */
  body_html: string;
  /** A question on a product (its 'Questions' panel). */
  product_id: string | null;
  linked_tool_ids: TextArray;
  linked_product_ids: TextArray;
  tags: TextArray;
  /** A question's accepted answer. */
  accepted_reply_id: ColumnType<string | null, string | null | undefined, string | null>;
  vote_count: Generated<number>;
  reply_count: Generated<number>;
  /** src/shared/community.ts hotScore(vote_count, created_at). */
  hot_score: Generated<number>;
  last_activity_at: Generated<Date>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  edited_at: Timestamp | null;
  /** Soft delete: the page says 'This post was deleted', replies stay. */
  deleted_at: Timestamp | null;
  /** Moderation: no new replies ('This discussion is locked'). */
  locked_at: Timestamp | null;
  /** Moderation: out of lists and pages. */
  hidden_at: Timestamp | null;
  /** Kept by a trigger; never written by the app. */
  search_vector: ColumnType<string, never, never>;
}

export interface CommunityRepliesTable {
  id: Generated<string>;
  thread_id: string;
  author_id: string;
  /** A top-level reply this one is nested under (one level). */
  parent_reply_id: string | null;
  /** The nested reply this one answers and quotes. */
  quoted_reply_id: ColumnType<string | null, string | null | undefined, string | null>;
  body: string;
  body_html: string;
  vote_count: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  edited_at: Timestamp | null;
  deleted_at: Timestamp | null;
  hidden_at: Timestamp | null;
}

export interface CommunityVotesTable {
  user_id: string;
  target_kind: CommunityVoteTarget;
  /** Set exactly for a vote on a thread. */
  thread_id: string | null;
  /** Set exactly for a vote on a reply. */
  reply_id: string | null;
  created_at: CreatedAt;
}

export interface CommunityThreadFollowsTable {
  thread_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface CommunitySearchWordsTable {
  word: string;
}

/** A keyed hash of the address an account signed up from (migration 2026-12-01-0300, docs/decisions/052). */
export interface AccountOriginsTable {
  user_id: string;
  address_key: string;
  created_at: CreatedAt;
}

/** An administrator's reset of a person's reputation, append-only (docs/decisions/052). */
export interface ReputationResetsTable {
  id: Generated<string>;
  user_id: string;
  actor_id: string | null;
  reason: string;
  score_before: number;
  created_at: CreatedAt;
}

export interface Database {
  account_origins: AccountOriginsTable;
  reputation_resets: ReputationResetsTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  rate_limits: RateLimitsTable;
  api_keys: ApiKeysTable;
  profiles: ProfilesTable;
  categories: CategoriesTable;
  ai_tools: AiToolsTable;
  tool_maintainers: ToolMaintainersTable;
  tool_maintainer_invites: ToolMaintainerInvitesTable;
  tool_claims: ToolClaimsTable;
  products: ProductsTable;
  downloads: DownloadsTable;
  favorites: FavoritesTable;
  cart_items: CartItemsTable;
  seller_reviews: SellerReviewsTable;
  product_reviews: ProductReviewsTable;
  product_review_votes: ProductReviewVotesTable;
  reports: ReportsTable;
  moderation_actions: ModerationActionsTable;
  seller_badges: SellerBadgesTable;
  seller_analytics: SellerAnalyticsTable;
  follows: FollowsTable;
  product_interactions: ProductInteractionsTable;
  ai_tool_follows: AiToolFollowsTable;
  ai_tool_updates: AiToolUpdatesTable;
  ai_tool_changelog_sources: AiToolChangelogSourcesTable;
  ai_tool_feed_entries: AiToolFeedEntriesTable;
  user_notifications: UserNotificationsTable;
  search_words: SearchWordsTable;
  rebuild_requests: RebuildRequestsTable;
  figures_revalidation: FiguresRevalidationTable;
  figures_revalidation_pending: FiguresRevalidationPendingTable;
  payout_requests: PayoutRequestsTable;
  creator_ledger_entries: CreatorLedgerEntriesTable;
  payout_items: PayoutItemsTable;
  rate_limit_counters: RateLimitCountersTable;
  uploads: UploadsTable;
  product_view_days: ProductViewDaysTable;
  product_visits: ProductVisitsTable;
  visit_salts: VisitSaltsTable;
  product_downloaders: ProductDownloadersTable;
  orders: OrdersTable;
  discount_codes: DiscountCodesTable;
  bundle_items: BundleItemsTable;
  affiliate_links: AffiliateLinksTable;
  customer_emails: CustomerEmailsTable;
  invoices: InvoicesTable;
  invoice_counters: InvoiceCountersTable;
  refund_requests: RefundRequestsTable;
  payment_events: PaymentEventsTable;
  payout_accounts: PayoutAccountsTable;
  subscriptions: SubscriptionsTable;
  order_payout_items: OrderPayoutItemsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  licenses: LicensesTable;
  product_versions: ProductVersionsTable;
  notification_preferences: NotificationPreferencesTable;
  email_messages: EmailMessagesTable;
  email_suppressions: EmailSuppressionsTable;
  community_spaces: CommunitySpacesTable;
  community_threads: CommunityThreadsTable;
  community_replies: CommunityRepliesTable;
  community_votes: CommunityVotesTable;
  community_thread_follows: CommunityThreadFollowsTable;
  community_search_words: CommunitySearchWordsTable;
}

export type Profile = Selectable<ProfilesTable>;
export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type NewCustomerEmail = Insertable<CustomerEmailsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type Category = Selectable<CategoriesTable>;
export type AiToolUpdate = Selectable<AiToolUpdatesTable>;
export type UserNotification = Selectable<UserNotificationsTable>;
export type SellerReview = Selectable<SellerReviewsTable>;
export type Download = Selectable<DownloadsTable>;
export type Order = Selectable<OrdersTable>;
export type DiscountCode = Selectable<DiscountCodesTable>;
export type CustomerEmail = Selectable<CustomerEmailsTable>;
export type Invoice = Selectable<InvoicesTable>;
export type PayoutRequest = Selectable<PayoutRequestsTable>;
export type LedgerEntry = Selectable<CreatorLedgerEntriesTable>;
export type RefundRequest = Selectable<RefundRequestsTable>;
export type Subscription = Selectable<SubscriptionsTable>;
export type WebhookEndpoint = Selectable<WebhookEndpointsTable>;
export type WebhookDelivery = Selectable<WebhookDeliveriesTable>;
export type License = Selectable<LicensesTable>;
export type EmailMessage = Selectable<EmailMessagesTable>;
export type CommunitySpace = Selectable<CommunitySpacesTable>;
export type CommunityThread = Selectable<CommunityThreadsTable>;
export type CommunityReply = Selectable<CommunityRepliesTable>;
