/**
 * Follows, tool updates and notifications as the API reads and answers them (docs/decisions/024).
 * The TypeScript types in src/shared/tool-updates.ts and notifications.ts are derived from these.
 */
import * as z from 'zod/mini';
import { NOTIFICATION_REASONS, ORDER_NOTIFICATION_KINDS, TOOL_EVENTS, UPDATE_TYPES } from '../../domain';
import { CommunityFeedItemSchema } from './community';
import { SuspensionFeedItemSchema } from './moderation';
import { PayoutFeedItemSchema } from './payments';
import { UPDATE_CONTENT_MAX, UPDATE_CONTENT_MIN, UPDATE_TITLE_MAX, UPDATE_TITLE_MIN, UPDATE_VERSION_MAX } from '../../tool-updates';
import { maxLength, optionalText, strictObject, userText, type TextRule } from './fields';

const nullableText = z.nullable(z.string());

// --- Tool updates ---------------------------------------------------------------------------

/** An update as the API answers it. */
export const ToolUpdateSchema = z.object({
  id: z.string(),
  toolId: z.string(),
  toolName: z.string(),
  /** The tool's page: its detail page, or its landing page for a tool without one. */
  toolHref: z.string(),
  title: z.string(),
  content: z.string(),
  updateType: z.enum(UPDATE_TYPES),
  version: nullableText,
  createdAt: z.string(),
  authorName: nullableText,
});

export const PostedUpdateSchema = z.object({
  update: ToolUpdateSchema,
  /**
   * The background job that writes the notices (followers, and for a security update the buyers
   * of products built on the tool) after the answer; its id, or null (docs/decisions/040).
   */
  notifying: z.object({ jobId: nullableText }),
});

/** Required text of `min` to `max` characters, with the post form's messages. */
const between =
  (label: string, min: number, max: number): TextRule =>
  (value) =>
    !value
      ? `${label} is required`
      : value.length < min
        ? `${label} must be at least ${min} characters`
        : value.length > max
          ? `${label} must be at most ${max} characters`
          : null;

/** A post: title 5-200, content 20-5000 characters, a known type, an optional version (empty means none). */
export const ToolUpdateInputSchema = strictObject({
  title: userText(between('Title', UPDATE_TITLE_MIN, UPDATE_TITLE_MAX), { required: 'Title is required' }),
  content: userText(between('Content', UPDATE_CONTENT_MIN, UPDATE_CONTENT_MAX), { required: 'Content is required' }),
  updateType: z.enum(UPDATE_TYPES, { error: 'Choose feature, announcement, bug fix, security or other' }),
  version: optionalText(maxLength(UPDATE_VERSION_MAX, `Version must be at most ${UPDATE_VERSION_MAX} characters`)),
});
export type ToolUpdateInput = z.output<typeof ToolUpdateInputSchema>;

// --- Notifications --------------------------------------------------------------------------

/** An update in /tool-updates, with the reader's notification when they have one. */
export const ToolUpdateFeedItemSchema = z.object({
  ...ToolUpdateSchema.def.shape,
  kind: z.literal('tool_update'),
  /** The reader's notification for this update; null for an update of a followed tool posted before they followed. */
  notificationId: nullableText,
  isRead: z.boolean(),
  /** 'security_impact': the reader downloaded a product built on the tool. */
  reason: z.nullable(z.enum(NOTIFICATION_REASONS)),
  /** For a security notice: a product the reader downloaded that is built on the tool. */
  impactedProduct: z.nullable(z.object({ id: z.string(), title: z.string() })),
});

/** One sale or refund notice in a creator's feed (docs/decisions/014). */
export const OrderFeedItemSchema = z.object({
  kind: z.enum(ORDER_NOTIFICATION_KINDS),
  /** The notification's id (an order notice has no update of its own). */
  id: z.string(),
  notificationId: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  orderId: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  amountCents: z.number(),
});

/** An owner's notice of a new version of a product they bought or downloaded (docs/decisions/030). */
export const VersionFeedItemSchema = z.object({
  kind: z.literal('product_version'),
  /** The notification's id. */
  id: z.string(),
  notificationId: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  version: z.string(),
  /** The version's release notes, when the creator wrote some. */
  notes: nullableText,
});

/** A product published by a creator the reader follows (docs/decisions/040). */
export const NewProductFeedItemSchema = z.object({
  kind: z.literal('new_product'),
  /** The notification's id. */
  id: z.string(),
  notificationId: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  creatorId: z.string(),
  /** The creator's display name (null when they have none). */
  creatorName: nullableText,
});

/**
 * What happened to a tool the reader submitted, claimed or maintains (docs/decisions/038, 043):
 * their submission approved, sent back for changes or rejected; their claim verified, refused or
 * revoked; a new co-maintainer; a changelog feed paused after failing.
 */
export const ToolNoticeFeedItemSchema = z.object({
  kind: z.literal('tool_notice'),
  /** The notification's id. */
  id: z.string(),
  notificationId: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  toolId: z.string(),
  toolName: z.string(),
  toolEvent: z.enum(TOOL_EVENTS),
  /** The reviewer's message, the reason of a revocation, the paused feed's address and status, or the new co-maintainer's name. */
  note: nullableText,
  /** Where the notice leads: the tool's page, its management page, or the submission. */
  href: z.string(),
});

/**
 * One entry of /tool-updates: a tool update, (for a creator) a sale or refund notice, (for an
 * owner) a new version, a new product of a creator the reader follows, a community notice
 * (docs/decisions/035), a notice about a tool the reader submitted, claimed or maintains, or
 * the reader's own suspension or its lifting (docs/decisions/042), or (for a creator) a payout
 * paid or failed (docs/decisions/048).
 */
export const FeedItemSchema = z.union([
  ToolUpdateFeedItemSchema,
  OrderFeedItemSchema,
  VersionFeedItemSchema,
  NewProductFeedItemSchema,
  CommunityFeedItemSchema,
  ToolNoticeFeedItemSchema,
  SuspensionFeedItemSchema,
  PayoutFeedItemSchema,
]);

export const UnreadCountSchema = z.object({ unreadCount: z.number() });

// --- Follows --------------------------------------------------------------------------------

export const ToolFollowStateSchema = z.object({ toolId: z.string(), following: z.boolean(), followerCount: z.number() });

/**
 * Every tool's follower count and the tools the caller follows. One small resource over the
 * tool directory (a few dozen tools), not a list of resources: it is not paged.
 */
export const ToolFollowsOverviewSchema = z.object({
  counts: z.record(z.string(), z.number()),
  following: z.array(z.string()),
});

export const PersonFollowStateSchema = z.object({
  userId: z.string(),
  following: z.boolean(),
  followerCount: z.number(),
  followingCount: z.number(),
});

/** An update as the API answers it. */
export type ToolUpdateView = z.output<typeof ToolUpdateSchema>;

/** An update in /tool-updates, with the reader's notification when they have one. */
export type ToolUpdateFeedItem = z.output<typeof ToolUpdateFeedItemSchema>;

/** One entry of /tool-updates: a tool update, or (for a creator) a sale or refund notice. */
export type FeedItem = z.output<typeof FeedItemSchema>;
