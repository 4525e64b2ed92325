/**
 * The local test-mode checkout's form (/checkout/{sessionId}): the buyer's Country (required:
 * they pick it, nothing is guessed), an optional Company and EU VAT ID for a business, then
 * Card number, Expiry, CVC, 'Pay $94.01' (or 'Subscribe $9.99/month') and 'Cancel'.
 * Each change of the country or VAT ID asks the server for the quote
 * (POST /api/checkout/{sessionId}/quote): the price, the tax line ('VAT 19% (Germany)') and the
 * total shown before paying (docs/decisions/050), after the discount line of a code the checkout
 * was started with (docs/decisions/075). Paying POSTs the card and the buyer's details
 * to /api/checkout/{sessionId}/pay with the typed client; the server recomputes the tax and
 * Stripe's test cards decide the outcome. The route schemas (src/shared/api/schemas/payments.ts)
 * are the only check: their field messages (ApiError.fields) go into the form's state
 * (react-hook-form, docs/decisions/019) under their fields.
 * A decline shows the card's message in the error summary, which takes focus, and keeps the
 * form; a success goes back to the product.
 */
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod/mini';
import { api, type ApiError } from '@/src/shared/api/client';
import type { PayCheckoutSchema, TaxQuoteSchema } from '@/src/shared/api/schemas/payments';
import { formatCents, payLabel } from '@/src/shared/payments';
import { COUNTRIES } from '@/src/shared/tax';
import type { PurchaseKind } from '@/src/shared/domain';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { errorList, setServerErrors } from '../ui/form-state';
import { useApiMutation, useApiQuery } from '../hooks/use-api';
import { leavePage } from '../hooks/leave-page';

interface Props {
  sessionId: string;
  kind: PurchaseKind;
  amountCents: number;
  /** The discount code the checkout was started with (docs/decisions/075): its line before the price. */
  discount?: { code: string; listCents: number; discountCents: number } | null;
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

export default function CheckoutForm({ sessionId, kind, amountCents, discount = null, cancelUrl }: Props) {
  const form = useForm<Pay>({ defaultValues: { country: '', company: '', vatId: '', cardNumber: '', expiry: '', cvc: '' } });
  const { errors, isSubmitting } = form.formState;
  /** A failure that belongs to no field (a declined card), and how many there were. */
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);
  const uid = useId();
  const id = (name: Field) => `${uid}-${name}`;
  const [country, vatId] = useWatch({ control: form.control, name: ['country', 'vatId'] });
  /** The VAT ID as last asked about: typing does not ask on every key, leaving the field does. */
  const [askedVatId, setAskedVatId] = useState('');

  const fail = (message: string) => setFailure((last) => ({ message, attempt: (last?.attempt ?? 0) + 1 }));
  /** The server's field messages under their fields (the first takes focus after paying); false when it named none. */
  const showFieldErrors = (error: ApiError, focus = false) => {
    const named = setServerErrors(form, error);
    if (focus && named[0]) form.setFocus(named[0]);
    return named.length > 0;
  };
  const unavailable = (error: ApiError) => (error.code === 'NETWORK' || error.code === 'INTERNAL' ? UNAVAILABLE : error.message);

  // The quote for the chosen country (and VAT ID as last left), asked again when either changes.
  const quoted = useApiQuery(
    (signal) => api('POST /api/checkout/{sessionId}/quote', { params: { sessionId }, body: { country, company: null, vatId: askedVatId || null }, signal }),
    {
      key: country ? `${country}|${askedVatId}` : null,
      onSuccess: () => form.clearErrors('vatId'),
      onError: (error) => {
        if (!showFieldErrors(error)) fail(unavailable(error));
      },
    },
  );
  // The last quote stays while the next one is asked for.
  const quote: Quote | null = country && !quoted.error ? (quoted.data ?? null) : null;

  // Paid: 'Processing...' until the next page opens.
  const pay = useApiMutation(
    async (_signal, body: Pay) => leavePage((await api('POST /api/checkout/{sessionId}/pay', { params: { sessionId }, body })).redirectUrl),
    {
      onError: (error) => {
        if (error.code === 'NETWORK' || error.code === 'INTERNAL' || !showFieldErrors(error, true)) fail(unavailable(error));
      },
    },
  );
  const busy = isSubmitting;

  const submit = form.handleSubmit((body) => {
    setFailure(null);
    return pay.run(body);
  });

  // Card fields are text with a numeric keyboard (a card number is not a number: leading zeros,
  // spaces), with the autofill tokens of the HTML standard (cc-number, cc-exp, cc-csc).
  const field = (name: Exclude<Field, 'country'>, input: { inputMode?: 'numeric'; autoComplete: string; placeholder: string; required?: boolean }) => (
    <FormField id={id(name)} styles={FIELD_STYLES} label={LABELS[name]} error={errors[name]?.message}>
      {(control) => (
        <input
          {...control}
          type="text"
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
        {discount ? (
          <>
            <div>
              <dt>List price</dt>
              <dd>{formatCents(discount.listCents)}</dd>
            </div>
            <div className="co-discount" data-discount-line>
              <dt>Discount ({discount.code})</dt>
              <dd>−{formatCents(discount.discountCents)}</dd>
            </div>
          </>
        ) : null}
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
        {field('expiry', { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM / YY', required: true })}
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
