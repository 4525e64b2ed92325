/** The receipt of one /library order, folded: number, product, the discount code's line, amount, tax, paid and refunded dates, and its invoice's link (LibraryList.tsx). */
import type { LibraryItem } from '@/src/shared/api/schemas/payments';
import { formatDate } from '@/src/shared/format';
import { formatCents } from '@/src/shared/payments';

export function LibraryReceipt({ order, title }: { order: NonNullable<LibraryItem['order']>; title: string }) {
  return (
    <details className="lib-receipt">
      <summary>Receipt {order.number}</summary>
      <dl>
        <div>
          <dt>Order number</dt>
          <dd>{order.number}</dd>
        </div>
        <div>
          <dt>Product</dt>
          <dd>{title}</dd>
        </div>
        {order.discountCode ? (
          <div>
            <dt>Discount ({order.discountCode})</dt>
            <dd>−{formatCents(order.discountCents)} USD</dd>
          </div>
        ) : null}
        <div>
          <dt>Amount</dt>
          <dd>{formatCents(order.amountCents)} USD</dd>
        </div>
        {order.taxCents > 0 ? (
          <>
            <div>
              <dt>Tax</dt>
              <dd>{formatCents(order.taxCents)} USD</dd>
            </div>
            <div>
              <dt>Total paid</dt>
              <dd>{formatCents(order.amountCents + order.taxCents)} USD</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>Paid</dt>
          <dd>{order.paidAt ? formatDate(order.paidAt) : '—'}</dd>
        </div>
        {order.refundedAt ? (
          <div>
            <dt>Refunded</dt>
            <dd>{formatDate(order.refundedAt)}</dd>
          </div>
        ) : null}
      </dl>
      <p>
        <a href={`/orders/${order.id}/invoice`}>{order.refundedAt ? 'Invoice and credit note' : 'Invoice'}</a>
      </p>
    </details>
  );
}
