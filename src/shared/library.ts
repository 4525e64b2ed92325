/**
 * One entry of the buyer's /library, as getLibrary (functions/payments/orders.service.ts)
 * builds it and the LibraryList island shows it. Declared once here, so the server and the
 * island cannot drift apart. Types only.
 */
import type { OrderStatus, PurchaseKind } from './domain';

export interface LibraryItem {
  productId: string;
  title: string;
  imageUrl: string | null;
  /** Whether Download again works today. */
  hasAccess: boolean;
  order: null | {
    id: string;
    number: string;
    status: Extract<OrderStatus, 'paid' | 'refunded'>;
    kind: PurchaseKind;
    amountCents: number;
    paidAt: string | null;
    refundedAt: string | null;
    canRefund: boolean;
  };
  subscription: null | { status: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean };
  lastDownloadedAt: string | null;
}
