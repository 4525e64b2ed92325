/**
 * What 'Request refund' does for one order (docs/decisions/049), as a pure rule the server
 * applies (functions/payments/refunds.service.ts) and /library shows:
 * - nothing, with the reason as an error code: the order is not paid, it already has a refund
 *   or a request, its product offers no refunds, or its window has closed;
 * - a request to the creator with a reason: the buyer opened the deliverable since paying, or
 *   had REFUND_LIMIT refunds in the last REFUND_LIMIT_DAYS days;
 * - otherwise an instant refund, as before the policy.
 * Isomorphic and dependency-free apart from the shared constants. Also the shape of a request
 * waiting for a decision as /sales and /admin/refunds show it.
 */
import type { OrderStatus, PurchaseKind, RefundOffer, RefundPolicy, RefundRequestStatus } from './domain';
import { isWithinRefundWindow, REFUND_LIMIT } from './payments';

/** `kind` is one of REFUND_OFFERS. */
export type RefundOption =
  | { kind: Extract<RefundOffer, 'instant'> }
  | { kind: 'request'; because: 'opened' | 'limit' }
  | { kind: 'none'; code: 'REFUND_NOT_ALLOWED' | 'REFUND_ALREADY_REQUESTED' | 'REFUND_NOT_OFFERED' | 'REFUND_WINDOW_CLOSED' };

export interface RefundFacts {
  status: OrderStatus;
  policy: RefundPolicy;
  paidAt: Date | string | null;
  /** The buyer downloaded or opened the deliverable since paying. */
  opened: boolean;
  /** Refunds granted to the buyer in the last REFUND_LIMIT_DAYS days. */
  recentRefunds: number;
  /** The order's refund row, if it has one. */
  requestStatus: RefundRequestStatus | null;
}

export function refundOption(facts: RefundFacts, now: Date = new Date()): RefundOption {
  if (facts.status !== 'paid') return { kind: 'none', code: 'REFUND_NOT_ALLOWED' };
  if (facts.requestStatus) return { kind: 'none', code: 'REFUND_ALREADY_REQUESTED' };
  if (facts.policy === 'none') return { kind: 'none', code: 'REFUND_NOT_OFFERED' };
  if (!isWithinRefundWindow(facts.policy, facts.paidAt, now)) return { kind: 'none', code: 'REFUND_WINDOW_CLOSED' };
  if (facts.opened) return { kind: 'request', because: 'opened' };
  if (facts.recentRefunds >= REFUND_LIMIT) return { kind: 'request', because: 'limit' };
  return { kind: 'instant' };
}

/** A request waiting for a decision, as /sales and /admin/refunds list it. */
export interface PendingRefundRequest {
  id: string;
  orderId: string;
  orderNumber: string;
  status: RefundRequestStatus;
  reason: string;
  createdAt: string;
  escalatedAt: string | null;
  amountCents: number;
  kind: PurchaseKind;
  productId: string;
  productTitle: string;
  buyerName: string;
}
