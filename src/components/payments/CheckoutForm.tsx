/**
 * The local test-mode checkout's card form (/checkout/{sessionId}): Card number, Expiry, CVC,
 * 'Pay $79.00' (or 'Subscribe $9.00/month') and 'Cancel'. POSTs the card to
 * /api/checkout/{sessionId}/pay; Stripe's test cards decide the outcome on the server, whose
 * zod CardSchema is the only check (functions/payments/checkout.service.ts): its field
 * messages go into the form's state (react-hook-form, docs/decisions/019) under their fields.
 * A decline shows the card's message in the error summary, which takes focus, and keeps the
 * form; a success goes back to the product.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { payLabel } from '@/src/shared/payments';
import type { PurchaseKind } from '@/src/shared/domain';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { errorList } from '../ui/form-state';

interface Props {
  sessionId: string;
  kind: PurchaseKind;
  amountCents: number;
  cancelUrl: string;
}

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
}

interface Card {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

const UNAVAILABLE = 'Payments are unavailable right now. Please try again.';
const FIELD_STYLES: FieldStyles = { field: 'co-label', hint: 'co-hint', error: 'co-field-error' };
const LABELS: Record<keyof Card, string> = { cardNumber: 'Card number', expiry: 'Expiry', cvc: 'CVC' };

export default function CheckoutForm({ sessionId, kind, amountCents, cancelUrl }: Props) {
  const form = useForm<Card>({ defaultValues: { cardNumber: '', expiry: '', cvc: '' } });
  const { errors, isSubmitting } = form.formState;
  const [redirecting, setRedirecting] = useState(false);
  const busy = isSubmitting || redirecting;
  /** A failure that belongs to no field (a declined card), and how many there were. */
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);
  const uid = useId();
  const id = (name: keyof Card) => `${uid}-${name}`;

  const fail = (message: string) => setFailure((last) => ({ message, attempt: (last?.attempt ?? 0) + 1 }));

  const submit = form.handleSubmit(async (card) => {
    setFailure(null);
    try {
      const response = await fetch(`/api/checkout/${encodeURIComponent(sessionId)}/pay`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(card),
      });
      const body = (await response.json().catch(() => null)) as ({ redirectUrl?: string } & ErrorBody) | null;
      if (response.ok && body?.redirectUrl) {
        setRedirecting(true);
        window.location.assign(body.redirectUrl);
        return;
      }
      const fields = Object.entries(body?.error?.fields ?? {});
      for (const [name, message] of fields) form.setError(name as keyof Card, { type: 'server', message }, { shouldFocus: name === fields[0]?.[0] });
      if (!fields.length) fail(body?.error?.message ?? UNAVAILABLE);
    } catch {
      fail(UNAVAILABLE);
    }
  });

  const field = (name: keyof Card, input: { inputMode?: 'numeric'; autoComplete: string; placeholder: string }) => (
    <FormField id={id(name)} styles={FIELD_STYLES} label={LABELS[name]} error={errors[name]?.message}>
      {(control) => <input {...control} {...input} required {...form.register(name, { onChange: () => form.clearErrors(name) })} />}
    </FormField>
  );

  return (
    <form className="co-form" onSubmit={(e) => void submit(e)} noValidate>
      {field('cardNumber', { inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '4242 4242 4242 4242' })}
      <div className="co-row">
        {field('expiry', { autoComplete: 'cc-exp', placeholder: 'MM / YY' })}
        {field('cvc', { inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123' })}
      </div>
      <ErrorSummary
        className="co-error"
        title={failure?.message}
        focusKey={failure?.attempt ?? null}
        items={errorList(errors).map(([name]) => ({ target: id(name as keyof Card), label: LABELS[name as keyof Card] }))}
      />
      <button type="submit" className="btn btn-primary co-pay" disabled={busy} aria-busy={busy}>
        {busy ? 'Processing...' : payLabel(kind, amountCents)}
      </button>
      <a className="btn btn-ghost co-cancel" href={cancelUrl}>
        Cancel
      </a>
    </form>
  );
}
