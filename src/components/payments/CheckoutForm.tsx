/**
 * The local test-mode checkout's form (/checkout/{sessionId}): the buyer's Country (required:
 * they pick it, nothing is guessed), an optional Company and EU VAT ID for a business, then
 * Card number, Expiry, CVC, 'Pay $94.01' (or 'Subscribe $9.99/month') and 'Cancel'.
 * Each change of the country or VAT ID asks the server for the quote
 * (POST /api/checkout/{sessionId}/quote): the price, the tax line ('VAT 19% (Germany)') and the
 * total shown before paying (docs/decisions/050). Paying POSTs the card and the buyer's details
 * to /api/checkout/{sessionId}/pay with the typed client; the server recomputes the tax and
 * Stripe's test cards decide the outcome. The route schemas (src/shared/api/schemas/payments.ts)
 * are the only check: their field messages (ApiError.fields) go into the form's state
 * (react-hook-form, docs/decisions/019) under their fields.
 * A decline shows the card's message in the error summary, which takes focus, and keeps the
 * form; a success goes back to the product.
 */
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod/mini';
import { api, ApiError } from '@/src/shared/api/client';
import type { PayCheckoutSchema, TaxQuoteSchema } from '@/src/shared/api/schemas/payments';
import { formatCents, payLabel } from '@/src/shared/payments';
import { COUNTRIES } from '@/src/shared/tax';
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

type Pay = z.input<typeof PayCheckoutSchema>;
type Field = keyof Pay;
type Quote = z.output<typeof TaxQuoteSchema>;

const UNAVAILABLE = 'Payments are unavailable right now. Please try again.';
const FIELD_STYLES: FieldStyles = { field: 'co-label', hint: 'co-hint', error: 'co-field-error' };
const LABELS: Record<Field, string> = {
  country: 'Country',
  company: 'Company (optional)',
  vatId: 'EU VAT ID (optional)',
  cardNumber: 'Card number',
  expiry: 'Expiry',
  cvc: 'CVC',
};

export default function CheckoutForm({ sessionId, kind, amountCents, cancelUrl }: Props) {
  const form = useForm<Pay>({ defaultValues: { country: '', company: '', vatId: '', cardNumber: '', expiry: '', cvc: '' } });
  const { errors, isSubmitting } = form.formState;
  const [redirecting, setRedirecting] = useState(false);
  const busy = isSubmitting || redirecting;
  /** A failure that belongs to no field (a declined card), and how many there were. */
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const uid = useId();
  const id = (name: Field) => `${uid}-${name}`;
  const [country, vatId] = useWatch({ control: form.control, name: ['country', 'vatId'] });
  /** The VAT ID as last asked about: typing does not ask on every key, leaving the field does. */
  const [askedVatId, setAskedVatId] = useState('');

  const fail = (message: string) => setFailure((last) => ({ message, attempt: (last?.attempt ?? 0) + 1 }));

  const showFieldErrors = (error: ApiError) => {
    const fields = Object.entries(error.fields);
    for (const [name, message] of fields) form.setError(name as Field, { type: 'server', message }, { shouldFocus: name === fields[0]?.[0] });
    return fields.length > 0;
  };

  useEffect(() => {
    if (!country) return setQuote(null);
    let current = true;
    const body = { country, company: null, vatId: askedVatId || null };
    api('POST /api/checkout/{sessionId}/quote', { params: { sessionId }, body })
      .then((answer) => {
        if (!current) return;
        setQuote(answer);
        form.clearErrors('vatId');
      })
      .catch((error: unknown) => {
        if (!current) return;
        setQuote(null);
        if (error instanceof ApiError && error.code !== 'NETWORK' && Object.keys(error.fields).length) {
          for (const [name, message] of Object.entries(error.fields)) form.setError(name as Field, { type: 'server', message });
        } else fail(error instanceof ApiError && error.code !== 'NETWORK' ? error.message : UNAVAILABLE);
      });
    return () => {
      current = false;
    };
  }, [country, askedVatId, sessionId, form]);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { redirectUrl } = await api('POST /api/checkout/{sessionId}/pay', { params: { sessionId }, body });
      setRedirecting(true);
      window.location.assign(redirectUrl);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === 'NETWORK') return fail(UNAVAILABLE);
      if (!showFieldErrors(error)) fail(error.message);
    }
  });

  const field = (name: Exclude<Field, 'country'>, input: { inputMode?: 'numeric'; autoComplete: string; placeholder: string; required?: boolean }) => (
    <FormField id={id(name)} styles={FIELD_STYLES} label={LABELS[name]} error={errors[name]?.message}>
      {(control) => (
        <input
          {...control}
          {...input}
          {...form.register(name, {
            onChange: () => form.clearErrors(name),
            ...(name === 'vatId' ? { onBlur: () => setAskedVatId((vatId ?? '').trim()) } : {}),
          })}
        />
      )}
    </FormField>
  );

  return (
    <form className="co-form" onSubmit={(e) => void submit(e)} noValidate>
      <FormField id={id('country')} styles={FIELD_STYLES} label={LABELS.country} error={errors.country?.message}>
        {(control) => (
          <select {...control} required autoComplete="country" {...form.register('country', { onChange: () => form.clearErrors('country') })}>
            <option value="">Choose your country</option>
            {COUNTRIES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <details className="co-business" open={Boolean(errors.vatId || errors.company)}>
        <summary>Buying for a business?</summary>
        {field('company', { autoComplete: 'organization', placeholder: 'Acme GmbH' })}
        {field('vatId', { autoComplete: 'off', placeholder: 'DE123456789' })}
      </details>
      <dl className="co-quote" aria-live="polite">
        <div>
          <dt>Price</dt>
          <dd>{formatCents(amountCents)}</dd>
        </div>
        {quote?.label && (
          <div>
            <dt>{quote.label}</dt>
            <dd>{formatCents(quote.taxCents)}</dd>
          </div>
        )}
        <div className="co-quote-total">
          <dt>Total</dt>
          <dd>{quote ? formatCents(quote.totalCents) : 'Choose your country'}</dd>
        </div>
      </dl>
      {field('cardNumber', { inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '4242 4242 4242 4242', required: true })}
      <div className="co-row">
        {field('expiry', { autoComplete: 'cc-exp', placeholder: 'MM / YY', required: true })}
        {field('cvc', { inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123', required: true })}
      </div>
      <ErrorSummary
        className="co-error"
        title={failure?.message}
        focusKey={failure?.attempt ?? null}
        items={errorList(errors).map(([name]) => ({ target: id(name as Field), label: LABELS[name as Field] }))}
      />
      <button type="submit" className="btn btn-primary co-pay" disabled={busy} aria-busy={busy}>
        {busy ? 'Processing...' : payLabel(kind, quote?.totalCents ?? amountCents)}
      </button>
      <a className="btn btn-ghost co-cancel" href={cancelUrl}>
        Cancel
      </a>
    </form>
  );
}
