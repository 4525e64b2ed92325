/**
 * Conversion as /sales shows it (issue 27, docs/decisions/047): of the unique visitors of a
 * product's page, how many got it. A paid product converts by paid orders (checkout purchases:
 * a subscription's renewals are not new buyers, a refunded order is not paid); a free product
 * by the people who downloaded it (a person downloading twice is one). Visitors are counted by
 * the visitor key of each counted view (functions/interactions/visitor.ts). Pure: the studio's
 * service computes it, its tests pin the arithmetic.
 */

/** The label under the figure: what is divided by what. */
export const CONVERSION_EXPLAINED = 'Paid orders (downloads of free products) per unique visitor of the product page';

export interface ConversionFacts {
  /** Whether buying the product takes a payment (purchaseKind is not null). */
  isPaid: boolean;
  /** Paid checkout orders in the period (no renewals, no refunded orders). */
  paidOrders: number;
  /** People who downloaded it in the period. */
  downloaders: number;
  /** Unique visitors of its page in the period. */
  visitors: number;
}

/** What counts as converted for this product: paid orders, or for a free product its downloaders. */
export function conversions(p: Pick<ConversionFacts, 'isPaid' | 'paidOrders' | 'downloaders'>): number {
  return p.isPaid ? p.paidOrders : p.downloaders;
}

/** Conversions per unique visitor (0.5 for 1 of 2), or null without a visitor to divide by. */
export function conversionRate(converted: number, visitors: number): number | null {
  if (!Number.isFinite(visitors) || visitors <= 0) return null;
  return Math.max(0, converted) / visitors;
}

/** Several products together: their conversions over their visitors (each product page's visitors add up). */
export function totalConversion(products: readonly ConversionFacts[]): { converted: number; visitors: number; rate: number | null } {
  const converted = products.reduce((sum, p) => sum + conversions(p), 0);
  const visitors = products.reduce((sum, p) => sum + p.visitors, 0);
  return { converted, visitors, rate: conversionRate(converted, visitors) };
}
