/**
 * The local test-mode checkout's card form (/checkout/{sessionId}): Card number, Expiry, CVC,
 * 'Pay $79.00' (or 'Subscribe $9.00/month') and 'Cancel'. POSTs the card to
 * /api/checkout/{sessionId}/pay with the typed client; Stripe's test cards decide the outcome
 * on the server, whose route schema CardSchema (src/shared/api/schemas/payments.ts) is the
 * only check: its field messages (ApiError.fields) go into the form's state (react-hook-form,
 * docs/decisions/019) under their fields.
 * A decline shows the card's message in the error summary, which takes focus, and keeps the
 * form; a success goes back to the product.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { api, ApiError } from '@/src/shared/api/client';
import type { CardSchema } from '@/src/shared/api/schemas/payments';
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

type Card = z.input<typeof CardSchema>;

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
      const { redirectUrl } = await api('POST /api/checkout/{sessionId}/pay', { params: { sessionId }, body: card });
      setRedirecting(true);
      window.location.assign(redirectUrl);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === 'NETWORK') return fail(UNAVAILABLE);
      const fields = Object.entries(error.fields);
      for (const [name, message] of fields) form.setError(name as keyof Card, { type: 'server', message }, { shouldFocus: name === fields[0]?.[0] });
      if (!fields.length) fail(error.message);
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
