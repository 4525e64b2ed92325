/**
 * /sales/discounts (docs/decisions/075): the creator's discount codes with their terms, state,
 * uses and revenue, 'Edit' (the form with the code's terms) and 'Turn off' / 'Turn on' for each
 * (PATCH /api/studio/discounts/{id}), and the form for a new one (DiscountCodeForm). The list the server rendered is the first data; each
 * change answers the code as it now is.
 */
import { useState } from 'react';
import { api } from '@/src/shared/api/client';
import type { DiscountCodeView } from '@/src/shared/api/schemas/payments';
import { DISCOUNT_STATE_LABELS, discountLabel } from '@/src/shared/discounts';
import { formatCents } from '@/src/shared/payments';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';
import { DiscountCodeForm } from './DiscountCodeForm';

interface Props {
  initial: DiscountCodeView[];
  products: { id: string; title: string }[];
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

function appliesTo(code: DiscountCodeView, products: Props['products']): string {
  if (!code.productIds) return 'All products';
  const titles = code.productIds.map((id) => products.find((p) => p.id === id)?.title).filter(Boolean);
  return titles.length ? titles.join(', ') : `${code.productIds.length} products`;
}

function CodeRow({
  code,
  products,
  onChanged,
  onEdit,
}: {
  code: DiscountCodeView;
  products: Props['products'];
  onChanged(c: DiscountCodeView): void;
  onEdit(): void;
}) {
  const toggle = useApiMutation(() => api('PATCH /api/studio/discounts/{id}', { params: { id: code.id }, body: { isActive: !code.isActive } }), {
    onSuccess: onChanged,
    onError: (error) => toast({ title: 'Could not change the code', description: error.message, variant: 'destructive' }),
  });
  const period = [day(code.startsAt) && `from ${day(code.startsAt)}`, day(code.endsAt) && `until ${day(code.endsAt)}`].filter(Boolean).join(' ');
  return (
    <tr data-discount={code.code}>
      <th scope="row">
        <code>{code.code}</code>
      </th>
      <td>
        {discountLabel(code)}
        {code.minPriceCents > 0 ? <span className="cp-muted"> (never below {formatCents(code.minPriceCents)})</span> : null}
        <span className="cp-muted dc-terms">
          {appliesTo(code, products)}
          {period ? `, ${period}` : ''}
        </span>
      </td>
      <td>{DISCOUNT_STATE_LABELS[code.state]}</td>
      <td className="num" data-uses>
        {code.maxUses === null ? code.uses : `${code.uses} / ${code.maxUses}`}
      </td>
      <td className="num" data-paid-orders>
        {code.paidOrders}
      </td>
      <td className="num" data-revenue>
        {formatCents(code.revenueCents)}
      </td>
      <td>
        <div className="dc-row-actions">
          <button type="button" className="btn btn-secondary btn-sm" onClick={onEdit}>
            Edit {code.code}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void toggle.run()} disabled={toggle.busy} aria-busy={toggle.busy}>
            {code.isActive ? `Turn off ${code.code}` : `Turn on ${code.code}`}
          </button>
        </div>
      </td>
    </tr>
  );
}

export default function DiscountCodesPanel({ initial, products }: Props) {
  const [codes, setCodes] = useState(initial);
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = codes.find((c) => c.id === editingId);
  const replace = (changed: DiscountCodeView) => setCodes((all) => all.map((c) => (c.id === changed.id ? changed : c)));
  return (
    <div className="dc-panel">
      {codes.length ? (
        <div className="cp-table-wrap">
          <table className="cp-table" aria-label="Your discount codes">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">State</th>
                <th scope="col" className="num">
                  Uses
                </th>
                <th scope="col" className="num">
                  Paid orders
                </th>
                <th scope="col" className="num">
                  Revenue
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <CodeRow key={code.id} code={code} products={products} onChanged={replace} onEdit={() => setEditingId(code.id)} />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="cp-muted">No discount codes yet. Create one below, then share it or a link such as /product/…?code=LAUNCH.</p>
      )}
      {editing ? (
        <>
          <h2 className="dc-heading">Edit {editing.code}</h2>
          <DiscountCodeForm
            key={editing.id}
            products={products}
            editing={editing}
            onSaved={(code) => {
              replace(code);
              setEditingId(null);
            }}
            onCancel={() => setEditingId(null)}
          />
        </>
      ) : (
        <>
          <h2 className="dc-heading">New discount code</h2>
          <DiscountCodeForm products={products} onSaved={(code) => setCodes((all) => [code, ...all])} />
        </>
      )}
    </div>
  );
}
