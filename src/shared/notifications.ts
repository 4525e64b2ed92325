/**
 * The kinds of a user's notifications (docs/decisions/014): a tool update of a tool they
 * follow (or a security notice), for a creator a sale or a refund of one of their orders, for
 * an owner a product's new version, and a new product of a creator they follow (decision 040).
 * The kinds themselves are src/shared/domain.ts: db/schema.ts types the column with them,
 * the migration's check lists the same values, and /tool-updates renders each kind. Isomorphic and dependency-free apart from
 * the money formatting it shares with payments.
 */
import type * as z from 'zod/mini';
import type { NewProductFeedItemSchema, OrderFeedItemSchema, VersionFeedItemSchema } from './api/schemas/updates';
import type { CommunityFeedItemSchema } from './api/schemas/community';
import type { SuspensionFeedItemSchema } from './api/schemas/moderation';
import { formatCents } from './payments';

/** Where an order notice leads: the creator's sales. */
export const ORDER_NOTICE_HREF = '/sales';

/** One sale or refund notice in the creator's feed. */
export type OrderFeedItem = z.output<typeof OrderFeedItemSchema>;

/** 'New sale: Lead Enrichment Workflow — $79.00', 'Refund: Lead Enrichment Workflow — $79.00'. */
export function orderNoticeText(item: Pick<OrderFeedItem, 'kind' | 'productTitle' | 'amountCents'>): string {
  return `${item.kind === 'sale' ? 'New sale' : 'Refund'}: ${item.productTitle} — ${formatCents(item.amountCents)}`;
}

/** An owner's notice of a product's new version (docs/decisions/030). */
export type VersionFeedItem = z.output<typeof VersionFeedItemSchema>;

/** Where a version notice leads: the product page's 'What's new'. */
export function versionNoticeHref(item: Pick<VersionFeedItem, 'productId'>): string {
  return `/product/${item.productId}#whats-new`;
}

/** 'New version of Lead Enrichment Workflow: v1.1'. */
export function versionNoticeText(item: Pick<VersionFeedItem, 'productTitle' | 'version'>): string {
  return `New version of ${item.productTitle}: v${item.version}`;
}

/** A new product of a creator the reader follows (docs/decisions/040). */
export type NewProductFeedItem = z.output<typeof NewProductFeedItemSchema>;

/** Where a new-product notice leads: the product page. */
export function newProductNoticeHref(item: Pick<NewProductFeedItem, 'productId'>): string {
  return `/product/${item.productId}`;
}

/** 'New from Ada Lovelace: Lead Enrichment Workflow'. */
export function newProductNoticeText(item: Pick<NewProductFeedItem, 'productTitle' | 'creatorName'>): string {
  return `New from ${item.creatorName ?? 'a creator you follow'}: ${item.productTitle}`;
}

/** A community notice (docs/decisions/035): a reply, a mention, an accepted answer, a question on a product. */
export type CommunityFeedItem = z.output<typeof CommunityFeedItemSchema>;

/** Where a community notice leads: the thread, at the reply when there is one. */
export function communityNoticeHref(item: Pick<CommunityFeedItem, 'threadId' | 'replyId'>): string {
  return `/community/${item.threadId}${item.replyId ? `#reply-${item.replyId}` : ''}`;
}

/** 'Ada replied in “Best prompts for Claude”', 'Ada mentioned you in …', 'Ada accepted your answer in …', 'Ada asked about Lead Enrichment Workflow: …'. */
export function communityNoticeText(item: Pick<CommunityFeedItem, 'kind' | 'actorName' | 'threadTitle' | 'productTitle'>): string {
  const who = item.actorName?.trim() || 'Someone';
  const title = `“${item.threadTitle}”`;
  switch (item.kind) {
    case 'community_reply':
      return `${who} replied in ${title}`;
    case 'community_mention':
      return `${who} mentioned you in ${title}`;
    case 'community_answer_accepted':
      return `${who} accepted your answer in ${title}`;
    case 'community_product_question':
      return `${who} asked about ${item.productTitle ?? 'your product'}: ${title}`;
  }
}

/** The label of a community notice's kind. */
export const COMMUNITY_NOTICE_LABELS: Record<CommunityFeedItem['kind'], string> = {
  community_reply: 'Reply',
  community_mention: 'Mention',
  community_answer_accepted: 'Answer accepted',
  community_product_question: 'Question',
};

/** '28 December 2026, 14:00 UTC': a suspension's end as the refusals, the banner, the notice and the email say it. */
export function suspensionEnd(until: string): string {
  const d = new Date(until);
  const date = d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${date}, ${time} UTC`;
}

/** The reader's notice of their own suspension or of its lifting (docs/decisions/042). */
export type SuspensionFeedItem = z.output<typeof SuspensionFeedItemSchema>;

/** Where a suspension notice leads: the dashboard, which shows the suspension while it lasts. */
export const SUSPENSION_NOTICE_HREF = '/dashboard';

/** 'Your account is suspended until 5 December 2026, 14:00 UTC', 'Your account is no longer suspended'. */
export function suspensionNoticeText(item: Pick<SuspensionFeedItem, 'lifted' | 'until'>): string {
  if (item.lifted || !item.until) return 'Your account is no longer suspended';
  return `Your account is suspended until ${suspensionEnd(item.until)}`;
}

/** The title of a notice that is not a tool update: a sale, a refund, a new version, a new product, a community notice or a suspension. */
export function noticeText(item: OrderFeedItem | VersionFeedItem | NewProductFeedItem | CommunityFeedItem | SuspensionFeedItem): string {
  if (item.kind === 'product_version') return versionNoticeText(item);
  if (item.kind === 'new_product') return newProductNoticeText(item);
  if (item.kind === 'account_suspension') return suspensionNoticeText(item);
  return 'threadId' in item ? communityNoticeText(item) : orderNoticeText(item);
}
