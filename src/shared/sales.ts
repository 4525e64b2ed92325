/**
 * GET /api/me/sales (docs/decisions/025): a creator's sales (paid and refunded orders), newest
 * first, page by page with the keyset cursor of src/shared/tool-updates.ts. Isomorphic: the
 * query schema and the item shape are the contract for API clients and islands alike. Amounts
 * are integer cents, as the server computed them when the order was paid.
 */
import './zod-browser';
import { z } from 'zod';
import type { PurchaseKind } from './domain';

export const SALES_PAGE_SIZE = 50;
export const SALES_PAGE_MAX = 100;

export const SalesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `The limit must be a whole number from 1 to ${SALES_PAGE_MAX}` })
    .int(`The limit must be a whole number from 1 to ${SALES_PAGE_MAX}`)
    .min(1, `The limit must be a whole number from 1 to ${SALES_PAGE_MAX}`)
    .max(SALES_PAGE_MAX, `The limit must be a whole number from 1 to ${SALES_PAGE_MAX}`)
    .default(SALES_PAGE_SIZE),
  /** The previous page's nextCursor. */
  cursor: z.string().max(200, 'Not a valid cursor').optional(),
});

export interface SaleItem {
  /** The order's id. */
  id: string;
  /** The order number buyers see on their receipt (TM-000123). */
  orderNumber: string;
  productId: string;
  productTitle: string;
  buyerName: string;
  kind: PurchaseKind;
  /** 'refunded' once the order was refunded; the sale then counts for nothing. */
  status: 'completed' | 'refunded';
  currency: string;
  amountCents: number;
  feeCents: number;
  netCents: number;
  paidAt: string;
  refundedAt: string | null;
}
