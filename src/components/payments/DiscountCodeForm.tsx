/**
 * 'New discount code' on /sales/discounts (docs/decisions/075): Code, Discount (percent or
 * amount off), Applies to (all products or the ones ticked), Starts / Ends (optional dates),
 * Maximum uses (optional) and Minimum price. The form holds what a person types (dollars,
 * percent as text); on submit it becomes the API's body in cents, and the server's field
 * messages land under their fields (react-hook-form, docs/decisions/019). The server decides
 * everything: the schema of POST /api/studio/discounts is the only check.
 * With `editing`, the same form changes that code's terms (PATCH /api/studio/discounts/{id});
 * the code itself stays, and a checkout already started keeps its price.
 */
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { api, type ApiError } from '@/src/shared/api/client';
import type { DiscountCodeView } from '@/src/shared/api/schemas/payments';
import { DISCOUNT_KIND_LABELS, DISCOUNT_KINDS, type DiscountKind } from '@/src/shared/domain';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { errorList } from '../ui/form-state';

interface Values {
  code: string;
  kind: DiscountKind;
  percentOff: string;
  amountOff: string;
  scope: 'all' | 'chosen';
  productIds: string[];
  startsAt: string;
  endsAt: string;
  maxUses: string;
  minPrice: string;
}
type Field = keyof Values;

const FIELD_STYLES: FieldStyles = { field: 'dc-field', hint: 'dc-hint', error: 'dc-error' };
const LABELS: Record<Field, string> = {
  code: 'Code',
  kind: 'Discount',
  percentOff: 'Percentage off (%)',
  amountOff: 'Amount off ($)',
  scope: 'Applies to',
  productIds: 'Products',
  startsAt: 'Starts (optional)',
  endsAt: 'Ends (optional)',
  maxUses: 'Maximum uses (optional)',
  minPrice: 'Minimum price after discount ($)',
};
/** The API's field names -> the form's. */
const FROM_API: Record<string, Field> = { amountOffCents: 'amountOff', minPriceCents: 'minPrice' };
const DEFAULTS: Values = {
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  scope: 'all',
  productIds: [],
  startsAt: '',
  endsAt: '',
  maxUses: '',
  minPrice: '0',
};

const dollarsText = (value: number) => (value / 100).toFixed(2);
/** A code's terms as the form shows them (the dates as the day they fall on, UTC). */
function valuesOf(code: DiscountCodeView): Values {
  return {
    code: code.code,
    kind: code.kind,
    percentOff: code.percentOff === null ? '' : String(code.percentOff),
    amountOff: code.amountOffCents === null ? '' : dollarsText(code.amountOffCents),
    scope: code.productIds ? 'chosen' : 'all',
    productIds: code.productIds ?? [],
    startsAt: code.startsAt?.slice(0, 10) ?? '',
    endsAt: code.endsAt?.slice(0, 10) ?? '',
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    minPrice: dollarsText(code.minPriceCents),
  };
}

/** Text to a number for the API, or the text itself (the server's schema then says what is wrong with it). */
const num = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));
const cents = (text: string): number | null => {
  const n = num(text);
  return n === null || Number.isNaN(n) ? n : Math.round(n * 100);
};

interface Props {
  products: { id: string; title: string }[];
  /** The code whose terms the form changes; none: a new code. */
  editing?: DiscountCodeView | undefined;
  onSaved(code: DiscountCodeView): void;
  onCancel?: (() => void) | undefined;
}

export function DiscountCodeForm({ products, editing, onSaved, onCancel }: Props) {
  const uid = useId();
  const id = (name: Field) => `${uid}-${name}`;
  const form = useForm<Values>({ defaultValues: editing ? valuesOf(editing) : DEFAULTS });
  const { errors } = form.formState;
  const [kind, scope] = useWatch({ control: form.control, name: ['kind', 'scope'] });

  const showErrors = (error: ApiError) => {
    const named = Object.entries(error.fields).map(([path, message]) => {
      const field = FROM_API[path] ?? (path.split('.')[0] as Field);
      form.setError(field, { type: 'server', message });
      return field;
    });
    if (named[0]) form.setFocus(named[0]);
    else toast({ title: editing ? 'Could not save the code' : 'Could not create the code', description: error.message, variant: 'destructive' });
  };

  /** The terms as the API takes them, in cents. */
  const terms = (v: Values) => ({
    kind: v.kind,
    percentOff: v.kind === 'percent' ? num(v.percentOff) : null,
    amountOffCents: v.kind === 'fixed' ? cents(v.amountOff) : null,
    productIds: v.scope === 'all' ? null : v.productIds,
    startsAt: v.startsAt || null,
    endsAt: v.endsAt || null,
    maxUses: num(v.maxUses),
    minPriceCents: cents(v.minPrice) ?? 0,
  });
  const save = useApiMutation(
    (_signal, v: Values) =>
      editing
        ? api('PATCH /api/studio/discounts/{id}', { params: { id: editing.id }, body: terms(v) })
        : api('POST /api/studio/discounts', { body: { code: v.code, ...terms(v) } }),
    {
      onSuccess: (code) => {
        toast({ title: editing ? `Code ${code.code} saved` : `Code ${code.code} created`, variant: 'success' });
        if (!editing) form.reset(DEFAULTS);
        onSaved(code);
      },
      onError: showErrors,
    },
  );
  const submit = form.handleSubmit((v) => save.run(v));

  const text = (
    name: Exclude<Field, 'kind' | 'scope' | 'productIds'>,
    input: { type?: string; inputMode?: 'numeric' | 'decimal'; placeholder?: string; hint?: string; readOnly?: boolean },
  ) => (
    <FormField id={id(name)} styles={FIELD_STYLES} label={LABELS[name]} hint={input.hint} error={errors[name]?.message}>
      {(control) => (
        <input
          {...control}
          type={input.type ?? 'text'}
          inputMode={input.inputMode}
          placeholder={input.placeholder}
          readOnly={input.readOnly}
          {...form.register(name, { onChange: () => form.clearErrors(name) })}
        />
      )}
    </FormField>
  );

  return (
    <form className="dc-form" onSubmit={(e) => void submit(e)} noValidate aria-label={editing ? `Edit ${editing.code}` : 'New discount code'}>
      <ErrorSummary items={errorList(errors).map(([name]) => ({ target: id(name as Field), label: LABELS[name as Field] ?? name }))} />
      {editing
        ? text('code', { readOnly: true, hint: 'The code itself stays: a new word is a new code.' })
        : text('code', { placeholder: 'LAUNCH', hint: '3 to 32 letters, digits, - or _. Buyers may type it in any case.' })}
      <fieldset className="dc-choice">
        <legend>{LABELS.kind}</legend>
        {DISCOUNT_KINDS.map((value) => (
          <label key={value}>
            <input type="radio" value={value} {...form.register('kind')} /> {DISCOUNT_KIND_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {kind === 'percent' ? text('percentOff', { inputMode: 'numeric', placeholder: '20' }) : text('amountOff', { inputMode: 'decimal', placeholder: '5.00' })}
      <fieldset className="dc-choice" id={id('productIds')}>
        <legend>{LABELS.scope}</legend>
        <label>
          <input type="radio" value="all" {...form.register('scope')} /> All my products
        </label>
        <label>
          <input type="radio" value="chosen" {...form.register('scope')} /> Chosen products
        </label>
        {scope === 'chosen'
          ? products.map((p) => (
              <label key={p.id} className="dc-product">
                <input type="checkbox" value={p.id} {...form.register('productIds')} /> {p.title}
              </label>
            ))
          : null}
        {errors.productIds?.message ? <p className="dc-error">{errors.productIds.message}</p> : null}
      </fieldset>
      <div className="dc-row">
        {text('startsAt', { type: 'date' })}
        {text('endsAt', { type: 'date', hint: 'The code works through the end of this day (UTC).' })}
      </div>
      <div className="dc-row">
        {text('maxUses', { inputMode: 'numeric', placeholder: 'Unlimited' })}
        {text('minPrice', { inputMode: 'decimal', hint: 'The price never goes below this, nor below $0.' })}
      </div>
      <div className="ce-actions">
        <button type="submit" className="btn btn-primary" disabled={save.busy} aria-busy={save.busy}>
          {editing ? (save.busy ? 'Saving…' : 'Save changes') : save.busy ? 'Creating…' : 'Create code'}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-secondary" disabled={save.busy} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
