/**
 * The kinds of a user's notifications (docs/decisions/014): a tool update of a tool they
 * follow (or a security notice), for a creator a sale or a refund of one of their orders, for
 * an owner a product's new version, a new product of a creator they follow (decision 040), and
 * what happened to a tool they submitted, claimed or maintain (decisions 038 and 043).
 * The kinds themselves are src/shared/domain.ts: db/schema.ts types the column with them,
 * the migration's check lists the same values, and /tool-updates renders each kind. Isomorphic and dependency-free apart from
 * the money formatting it shares with payments.
 */
import type * as z from 'zod/mini';
import type { NewProductFeedItemSchema, OrderFeedItemSchema, ToolNoticeFeedItemSchema, VersionFeedItemSchema } from './api/schemas/updates';
import type { ToolEvent } from './domain';
import type { CommunityFeedItemSchema } from './api/schemas/community';
import type { SuspensionFeedItemSchema } from './api/schemas/moderation';
import type { PayoutFeedItemSchema } from './api/schemas/payments';
import { formatCents } from './payments';

/** Where an order notice leads: the creator's sales. */
const ORDER_NOTICE_HREF = '/sales';

/** One sale or refund notice in the creator's feed. */
export type OrderFeedItem = z.output<typeof OrderFeedItemSchema>;

/** What an order notice opens with, and its badge (docs/decisions/014, 049). */
const ORDER_NOTICE: Record<OrderFeedItem['kind'], { lead: string; badge: string; tone: 'green' | 'neutral' }> = {
  sale: { lead: 'New sale', badge: 'Sale', tone: 'green' },
  refund: { lead: 'Refund', badge: 'Refund', tone: 'neutral' },
  refund_request: { lead: 'Refund requested', badge: 'Refund request', tone: 'neutral' },
  refund_approved: { lead: 'Refund approved', badge: 'Refund', tone: 'green' },
  refund_declined: { lead: 'Refund declined', badge: 'Refund', tone: 'neutral' },
  refund_escalated: { lead: 'Refund request to decide', badge: 'Refund request', tone: 'neutral' },
};

/** 'New sale: Lead Enrichment Workflow — $79.00', 'Refund: Lead Enrichment Workflow — $79.00', 'Refund requested: …'. */
export function orderNoticeText(item: Pick<OrderFeedItem, 'kind' | 'productTitle' | 'amountCents'>): string {
  return `${ORDER_NOTICE[item.kind].lead}: ${item.productTitle} — ${formatCents(item.amountCents)}`;
}

/** The badge of an order notice: its label and tone. */
export function orderNoticeBadge(item: Pick<OrderFeedItem, 'kind'>): { label: string; tone: 'green' | 'neutral' } {
  return { label: ORDER_NOTICE[item.kind].badge, tone: ORDER_NOTICE[item.kind].tone };
}

/**
 * Where an order notice leads: the creator's /sales, the buyer's /library for the answer to their
 * refund request, an administrator's /admin/refunds for a request escalated to them.
 */
export function orderNoticeHref(item: Pick<OrderFeedItem, 'kind'>): string {
  if (item.kind === 'refund_escalated') return '/admin/refunds';
  return item.kind === 'refund_approved' || item.kind === 'refund_declined' ? '/library' : ORDER_NOTICE_HREF;
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

/** A notice about a tool the reader submitted, claimed or maintains (docs/decisions/038, 043). */
export type ToolNoticeFeedItem = z.output<typeof ToolNoticeFeedItemSchema>;

/** The label of a tool notice's event. */
export const TOOL_NOTICE_LABELS: Record<ToolEvent, string> = {
  submission_approved: 'Approved',
  submission_changes_requested: 'Changes requested',
  submission_rejected: 'Not accepted',
  claim_verified: 'Verified',
  claim_rejected: 'Claim refused',
  claim_revoked: 'Claim revoked',
  maintainer_added: 'New co-maintainer',
  source_paused: 'Feed paused',
};

/** The events whose note is a message to read under the title (a reviewer's words, a reason, a feed's status). */
const NOTE_IS_MESSAGE: ReadonlySet<ToolEvent> = new Set([
  'submission_changes_requested',
  'submission_rejected',
  'claim_rejected',
  'claim_revoked',
  'source_paused',
]);

/** The note shown under a tool notice's title, or null (a co-maintainer's name is in the title). */
export function toolNoticeMessage(item: Pick<ToolNoticeFeedItem, 'toolEvent' | 'note'>): string | null {
  return NOTE_IS_MESSAGE.has(item.toolEvent) && item.note ? item.note : null;
}

/**
 * Where a tool notice leads: an approved or revoked tool's page; the submission to edit when
 * changes are requested, the caller's submissions when one was not accepted; the management
 * page of a tool one now maintains (its changelog sources for a paused feed); the claim page
 * to try again after a refused claim.
 */
export function toolNoticeHref(notice: { toolId: string; toolEvent: ToolEvent; hasDetailPage: boolean }): string {
  const id = encodeURIComponent(notice.toolId);
  const page = notice.hasDetailPage ? `/tools/${id}` : `/tools/${id}/landing`;
  switch (notice.toolEvent) {
    case 'submission_approved':
    case 'claim_revoked':
      return page;
    case 'submission_changes_requested':
      return `/ai-tools/submit?tool=${id}`;
    case 'submission_rejected':
      return '/ai-tools/submit';
    case 'claim_verified':
    case 'maintainer_added':
      return `/ai-tools/manage/${id}`;
    case 'source_paused':
      return `/ai-tools/manage/${id}#changelog-sources`;
    case 'claim_rejected':
      return `/ai-tools/claim?tool=${id}`;
  }
}

/** 'Claude is now in the AI tools directory', 'Your claim of Claude was not accepted', … */
export function toolNoticeText(item: Pick<ToolNoticeFeedItem, 'toolEvent' | 'toolName' | 'note'>): string {
  const tool = item.toolName;
  switch (item.toolEvent) {
    case 'submission_approved':
      return `${tool} is now in the AI tools directory`;
    case 'submission_changes_requested':
      return `Changes requested for your submission ${tool}`;
    case 'submission_rejected':
      return `Your submission ${tool} was not accepted`;
    case 'claim_verified':
      return `You are the verified maintainer of ${tool}`;
    case 'claim_rejected':
      return `Your claim of ${tool} was not accepted`;
    case 'claim_revoked':
      return `Your claim of ${tool} was revoked`;
    case 'maintainer_added':
      return `${item.note?.trim() || 'A new co-maintainer'} now maintains ${tool} with you`;
    case 'source_paused':
      return `A changelog feed of ${tool} is paused`;
  }
}

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

/** A creator's notice of a payout paid or failed (docs/decisions/048). */
export type PayoutFeedItem = z.output<typeof PayoutFeedItemSchema>;

/** Where a payout notice leads: the creator's earnings, with the payout's row. */
export const PAYOUT_NOTICE_HREF = '/earnings';

/** 'Payout sent: $10.20', 'Payout failed: $10.20' (a payout's notice is written when it is paid or failed). */
export function payoutNoticeText(item: Pick<PayoutFeedItem, 'status' | 'amountCents'>): string {
  return `${item.status === 'paid' ? 'Payout sent' : 'Payout failed'}: ${formatCents(item.amountCents)}`;
}

/** The title of a notice that is not a tool update: a sale, a refund, a new version, a new product, a community notice, a tool notice, a suspension or a payout. */
export function noticeText(
  item: OrderFeedItem | VersionFeedItem | NewProductFeedItem | CommunityFeedItem | ToolNoticeFeedItem | SuspensionFeedItem | PayoutFeedItem,
): string {
  if (item.kind === 'payout') return payoutNoticeText(item);
  if (item.kind === 'product_version') return versionNoticeText(item);
  if (item.kind === 'new_product') return newProductNoticeText(item);
  if (item.kind === 'tool_notice') return toolNoticeText(item);
  if (item.kind === 'account_suspension') return suspensionNoticeText(item);
  return 'threadId' in item ? communityNoticeText(item) : orderNoticeText(item);
}
