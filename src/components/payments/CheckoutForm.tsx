/**
 * The local test-mode checkout's card form (/checkout/{sessionId}): Card number, Expiry, CVC,
 * 'Pay $79.00' (or 'Subscribe $9.00/month') and 'Cancel'. POSTs the card to
 * /api/checkout/{sessionId}/pay; Stripe's test cards decide the outcome on the server. A
 * decline shows the card's message and keeps the form; a success goes back to the product.
 */
import { useState, type FormEvent } from 'react';
import { payLabel } from '../../shared/payments';
import type { PurchaseKind } from '../../shared/domain';

interface Props {
  sessionId: string;
  kind: PurchaseKind;
  amountCents: number;
  cancelUrl: string;
}

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
}

export default function CheckoutForm({ sessionId, kind, amountCents, cancelUrl }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const response = await fetch(`/api/checkout/${encodeURIComponent(sessionId)}/pay`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ cardNumber: data.get('cardNumber'), expiry: data.get('expiry'), cvc: data.get('cvc') }),
      });
      const body = (await response.json().catch(() => null)) as ({ redirectUrl?: string } & ErrorBody) | null;
      if (response.ok && body?.redirectUrl) {
        window.location.assign(body.redirectUrl);
        return;
      }
      setFields(body?.error?.fields ?? {});
      setError(body?.error?.fields ? null : (body?.error?.message ?? 'Payments are unavailable right now. Please try again.'));
    } catch {
      setError('Payments are unavailable right now. Please try again.');
    }
    setBusy(false);
  }

  const fieldError = (name: string) =>
    fields[name] ? (
      <span className="co-field-error" id={`${name}-error`}>
        {fields[name]}
      </span>
    ) : null;

  return (
    <form className="co-form" onSubmit={(e) => void submit(e)} noValidate>
      <label className="co-label">
        Card number
        <input name="cardNumber" inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" required aria-invalid={Boolean(fields['cardNumber'])} aria-describedby={fields['cardNumber'] ? 'cardNumber-error' : undefined} />
        {fieldError('cardNumber')}
      </label>
      <div className="co-row">
        <label className="co-label">
          Expiry
          <input name="expiry" autoComplete="cc-exp" placeholder="MM / YY" required aria-invalid={Boolean(fields['expiry'])} aria-describedby={fields['expiry'] ? 'expiry-error' : undefined} />
          {fieldError('expiry')}
        </label>
        <label className="co-label">
          CVC
          <input name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" required aria-invalid={Boolean(fields['cvc'])} aria-describedby={fields['cvc'] ? 'cvc-error' : undefined} />
          {fieldError('cvc')}
        </label>
      </div>
      {error ? (
        <p className="co-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary co-pay" disabled={busy} aria-busy={busy}>
        {busy ? 'Processing...' : payLabel(kind, amountCents)}
      </button>
      <a className="btn btn-ghost co-cancel" href={cancelUrl}>
        Cancel
      </a>
    </form>
  );
}
