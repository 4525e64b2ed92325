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

/** The title of a notice that is not a tool update: a sale, a refund, a new version or a new product. */
export function noticeText(item: OrderFeedItem | VersionFeedItem | NewProductFeedItem): string {
  if (item.kind === 'product_version') return versionNoticeText(item);
  if (item.kind === 'new_product') return newProductNoticeText(item);
  return orderNoticeText(item);
}
