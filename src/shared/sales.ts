/**
 * GET /api/me/sales (docs/decisions/025): a creator's sales (paid and refunded orders), newest
 * first, page by page with the API's keyset cursor. The item's schema is the contract for API
 * clients and islands alike. Amounts are integer cents, as the server computed them when the
 * order was paid.
 */
import * as z from 'zod/mini';
import { PURCHASE_KINDS } from './domain';

export const SALES_PAGE_SIZE = 50;

export const SaleItemSchema = z.object({
  /** The order's id. */
  id: z.string(),
  /** The order number buyers see on their receipt (TM-000123). */
  orderNumber: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  buyerName: z.string(),
  kind: z.enum(PURCHASE_KINDS),
  /** 'refunded' once the order was refunded; the sale then counts for nothing. */
  status: z.enum(['completed', 'refunded']),
  currency: z.string(),
  /** What the buyer paid before tax, after any discount; fee and net are computed on it. */
  amountCents: z.int(),
  /** The discount code applied, upper-case, and the discount in cents (docs/decisions/075). */
  discountCode: z.nullable(z.string()),
  discountCents: z.int(),
  feeCents: z.int(),
  netCents: z.int(),
  paidAt: z.string(),
  refundedAt: z.nullable(z.string()),
});
export type SaleItem = z.output<typeof SaleItemSchema>;
