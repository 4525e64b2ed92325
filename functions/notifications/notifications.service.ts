/**
 * A signed-in user's notifications (spec sections 2, 4, 7 and 8): the /tool-updates list,
 * the unread count behind the header badge, and marking read one or all. Besides tool
 * updates, a creator's sales and refunds are notices (docs/decisions/014): written by
 * notifyCreatorOfOrder in the transaction of the order's transition, listed in the same feed,
 * counted in the same badge. So are an owner's notices of a product's new version
 * (docs/decisions/030), written by notifyOwnersOfVersion when the creator releases it, and a
 * follower's notice of a creator's new product, written by the 'notify.new-product' job
 * (new-product.job.ts, docs/decisions/040), a tool notice (functions/tools/tool-notices.ts
 * notifyOfTool, docs/decisions/043): what happened to a tool the user submitted, claimed or
 * maintains, and a user's notice of their
 * own suspension or of its lifting (functions/moderation/suspension-notices.job.ts, docs/decisions/042),
 * and a creator's notice of a payout paid or failed (functions/payments/payout-notices.job.ts,
 * docs/decisions/048).
 * Called by src/pages/api/notifications/**, src/pages/tool-updates.astro and
 * functions/payments/webhook.service.ts.
 *
 * Invariant: every function takes the session's user id and the repository filters on it,
 * so nobody reads or marks another user's notifications (another user's id answers 404, the
 * same as an id that does not exist).
 */
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { NOTIFICATIONS_PAGE_SIZE } from '@/src/shared/tool-updates';
import type { FeedItem } from '@/src/shared/api/schemas/updates';
import { decodeCursor, pageOf } from '../_shared/cursor';
import { positionOf, TimeKeysetSchema } from '../_shared/keyset.repository';
import type { OrderNotificationKind, ToolEvent } from '@/src/shared/domain';
import { toolNoticeHref } from '@/src/shared/notifications';
import { toolDetailsHref } from '@/src/shared/tool-pages';
import { plainText } from '../_shared/markdown';
import type { CommunityNotificationKind } from '@/src/shared/domain';
import {
  countUnread,
  insertOrderNotice,
  insertVersionNotices,
  listCommunityNotices,
  listFeed,
  listNewProductNotices,
  listOrderNotices,
  listToolNotices,
  listSuspensionNotices,
  listPayoutNotices,
  listVersionNotices,
  markAllRead,
  markRead,
} from './notifications.repository';

/**
 * The creator's 'sale' or 'refund' notice of an order. Call it with the transaction that moved
 * the order to paid or refunded: that transition happens once, and the unique (user, order,
 * kind) makes a second call a no-op anyway. The buyer gets a receipt email, not a notice.
 */
export async function notifyCreatorOfOrder(trx: Db, order: { id: string; creator_id: string }, kind: OrderNotificationKind): Promise<void> {
  await insertOrderNotice(trx, { userId: order.creator_id, orderId: order.id, kind });
}

/**
 * The buyer's notice of the answer to their refund request (docs/decisions/049), in the
 * transaction of the decision, which happens once. Always written: it is about their money,
 * like the transactional email that goes with it.
 */
export async function notifyBuyerOfRefundDecision(
  trx: Db,
  order: { id: string; buyer_id: string },
  kind: 'refund_approved' | 'refund_declined',
): Promise<void> {
  await insertOrderNotice(trx, { userId: order.buyer_id, orderId: order.id, kind, preference: null });
}

/**
 * An administrator's notice that a refund request was escalated to them (docs/decisions/051), in
 * the escalation's transaction. Always written: deciding it is their duty, not a preference.
 */
export async function notifyAdministratorOfEscalation(trx: Db, values: { adminId: string; orderId: string }): Promise<void> {
  await insertOrderNotice(trx, { userId: values.adminId, orderId: values.orderId, kind: 'refund_escalated', preference: null });
}

/**
 * Every owner's notice of a product's new version (docs/decisions/030): paid orders not
 * refunded and free downloads, never the creator. Call it with the transaction that released
 * the version, which happens once per version string; the unique (user, version) makes a
 * second call a no-op anyway. Returns how many notices were written.
 */
export async function notifyOwnersOfVersion(trx: Db, version: { id: string; productId: string; creatorId: string }): Promise<number> {
  return insertVersionNotices(trx, { versionId: version.id, productId: version.productId, creatorId: version.creatorId });
}

function requireUserId(userId: string | null | undefined): string {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  return userId;
}

export interface FeedPage {
  items: FeedItem[];
  nextCursor: string | null;
  unreadCount: number;
}

export async function getFeed(
  db: Db,
  userId: string | null | undefined,
  options: { cursor?: string | null; toolId?: string | null; limit?: number } = {},
): Promise<FeedPage> {
  const me = requireUserId(userId);
  const limit = options.limit ?? NOTIFICATIONS_PAGE_SIZE;
  const toolId = options.toolId ?? null;
  const after = decodeCursor(options.cursor, TimeKeysetSchema);
  // Both lists are keyset pages over (created_at desc, id desc) from the same cursor, so the
  // first limit + 1 of their merge are the first limit + 1 of all notices. Filtered by a
  // tool, order notices (of no tool) are left out.
  const [updates, orders, versions, newProducts, community, toolNotices, suspensions, payouts, unreadCount] = await Promise.all([
    listFeed(db, me, { toolId, after, limit: limit + 1 }),
    toolId ? Promise.resolve([]) : listOrderNotices(db, me, { after, limit: limit + 1 }),
    toolId ? Promise.resolve([]) : listVersionNotices(db, me, { after, limit: limit + 1 }),
    toolId ? Promise.resolve([]) : listNewProductNotices(db, me, { after, limit: limit + 1 }),
    toolId ? Promise.resolve([]) : listCommunityNotices(db, me, { after, limit: limit + 1 }),
    // The tool filter is for the updates of followed tools; a tool notice is about one's own part in a tool.
    toolId ? Promise.resolve([]) : listToolNotices(db, me, { after, limit: limit + 1 }),
    toolId ? Promise.resolve([]) : listSuspensionNotices(db, me, { after, limit: limit + 1 }),
    toolId ? Promise.resolve([]) : listPayoutNotices(db, me, { after, limit: limit + 1 }),
    countUnread(db, me),
  ]);
  const entries: { cursor_at: string; id: string; item: FeedItem }[] = [
    ...updates.map((r) => ({ cursor_at: r.cursor_at, id: r.id, item: toolUpdateItem(r) })),
    ...orders.map((r) => ({ cursor_at: r.cursor_at, id: r.id, item: orderItem(r) })),
    ...versions.map((r) => ({ cursor_at: r.cursor_at, id: r.id, item: versionItem(r) })),
    ...newProducts.map((r) => ({ cursor_at: r.cursor_at, id: r.id, item: newProductItem(r) })),
    ...community.map((r) => ({ cursor_at: r.cursor_at, id: r.id, item: communityItem(r) })),
    ...toolNotices.map((r) => ({ cursor_at: r.cursor_at, id: r.id, item: toolNoticeItem(r) })),
    ...suspensions.map((r) => ({ cursor_at: r.cursor_at, id: r.id, item: suspensionItem(r) })),
    ...payouts.map((r) => ({ cursor_at: r.cursor_at, id: r.id, item: payoutItem(r) })),
  ];
  // Newest first, as PostgreSQL orders them: the cursor texts are fixed-width UTC times, and
  // uuids compare as their lowercase text.
  entries.sort((a, b) => (a.cursor_at === b.cursor_at ? (a.id < b.id ? 1 : -1) : a.cursor_at < b.cursor_at ? 1 : -1));
  const page = pageOf(entries, limit, positionOf);
  return { items: page.items.map((e) => e.item), nextCursor: page.nextCursor, unreadCount };
}

function toolUpdateItem(r: Awaited<ReturnType<typeof listFeed>>[number]): FeedItem {
  return {
    kind: 'tool_update',
    id: r.id,
    toolId: r.tool_id,
    toolName: r.tool_name,
    toolHref: toolDetailsHref({ id: r.tool_id, hasDetailPage: r.detail_page }),
    title: r.title,
    content: r.content,
    updateType: r.update_type,
    version: r.version,
    createdAt: new Date(r.created_at).toISOString(),
    authorName: r.author_name,
    notificationId: r.notification_id,
    // An update without a notice (posted before the reader followed) has nothing to read.
    isRead: r.notification_id ? Boolean(r.is_read) : true,
    reason: r.reason ?? null,
    impactedProduct: r.impacted_product ?? null,
  };
}

/** What every notice that is not a tool update carries: its notification is the entry. */
function noticeBase(r: { id: string; is_read: boolean; created_at: Date | string }) {
  return { id: r.id, notificationId: r.id, isRead: Boolean(r.is_read), createdAt: new Date(r.created_at).toISOString() };
}

function orderItem(r: Awaited<ReturnType<typeof listOrderNotices>>[number]): FeedItem {
  return {
    kind: r.kind as OrderNotificationKind,
    ...noticeBase(r),
    orderId: r.order_id as string,
    productId: r.product_id,
    productTitle: r.product_title,
    amountCents: r.amount_cents,
  };
}

function versionItem(r: Awaited<ReturnType<typeof listVersionNotices>>[number]): FeedItem {
  return { kind: 'product_version', ...noticeBase(r), productId: r.product_id, productTitle: r.product_title, version: r.version, notes: r.notes };
}

function newProductItem(r: Awaited<ReturnType<typeof listNewProductNotices>>[number]): FeedItem {
  return {
    kind: 'new_product',
    ...noticeBase(r),
    productId: r.product_id,
    productTitle: r.product_title,
    creatorId: r.creator_id,
    creatorName: r.creator_name ?? null,
  };
}

function communityItem(r: Awaited<ReturnType<typeof listCommunityNotices>>[number]): FeedItem {
  return {
    kind: r.kind as CommunityNotificationKind,
    ...noticeBase(r),
    threadId: r.community_thread_id as string,
    threadTitle: r.thread_title,
    replyId: r.community_reply_id,
    actorName: r.actor_name,
    productTitle: r.product_title,
    excerpt: r.excerpt_source ? plainText(r.excerpt_source, 160) : null,
  };
}

function toolNoticeItem(r: Awaited<ReturnType<typeof listToolNotices>>[number]): FeedItem {
  const toolEvent = r.tool_event as ToolEvent;
  return {
    kind: 'tool_notice',
    ...noticeBase(r),
    toolId: r.tool_id as string,
    toolName: r.tool_name,
    toolEvent,
    note: r.note,
    href: toolNoticeHref({ toolId: r.tool_id as string, toolEvent, hasDetailPage: r.detail_page }),
  };
}

function suspensionItem(r: Awaited<ReturnType<typeof listSuspensionNotices>>[number]): FeedItem {
  const lifted = r.action === 'unsuspend';
  return { kind: 'account_suspension', ...noticeBase(r), lifted, until: !lifted && r.until ? new Date(r.until).toISOString() : null, reason: r.reason };
}

function payoutItem(r: Awaited<ReturnType<typeof listPayoutNotices>>[number]): FeedItem {
  return {
    kind: 'payout',
    ...noticeBase(r),
    payoutId: r.payout_id,
    status: r.status,
    amountCents: r.amount_cents,
    reference: r.reference,
    failureReason: r.failure_reason,
  };
}

export async function getUnreadCount(db: Db, userId: string | null | undefined): Promise<number> {
  return countUnread(db, requireUserId(userId));
}

export async function markNotificationRead(db: Db, userId: string | null | undefined, notificationId: string): Promise<{ unreadCount: number }> {
  const me = requireUserId(userId);
  if (!(await markRead(db, me, notificationId))) throw new AppError('NOTIFICATION_NOT_FOUND');
  return { unreadCount: await countUnread(db, me) };
}

export async function markAllNotificationsRead(db: Db, userId: string | null | undefined): Promise<{ marked: number; unreadCount: number }> {
  const me = requireUserId(userId);
  const marked = await markAllRead(db, me);
  return { marked, unreadCount: await countUnread(db, me) };
}
