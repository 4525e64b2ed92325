/**
 * 'New bundle' on /sales/bundles (docs/decisions/080): a title, the products (the creator's own
 * published one-time products, ticked) and one price in dollars, with the sum of the ticked
 * products and the saving shown as they are chosen. react-hook-form with the shared zod schema
 * (docs/decisions/019); the server checks everything again (POST /api/studio/bundles) and its
 * field messages land under their fields. The page reloads to list the new bundle.
 */
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { api, type ApiError } from '@/src/shared/api/client';
import { BundleFormSchema, bundleSavingText, dollarsToCents, type BundleForm as Values } from '@/src/shared/bundles';
import { formatCents } from '@/src/shared/payments';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';
import { FormField, type FieldStyles } from '../ui/FormField';
import { formMessage } from '../ui/form-state';

const STYLES: FieldStyles = { field: 'dc-field', hint: 'dc-hint', error: 'dc-error' };
const FROM_API: Record<string, keyof Values> = { priceCents: 'price', productIds: 'productIds', title: 'title' };

export interface BundleChoice {
  id: string;
  title: string;
  priceCents: number;
}

export function BundleForm({ products }: { products: BundleChoice[] }) {
  const uid = useId();
  const form = useForm<Values>({ resolver: zodResolver(BundleFormSchema), defaultValues: { title: '', price: '', productIds: [] } });
  const { errors } = form.formState;
  const [chosen, price] = useWatch({ control: form.control, name: ['productIds', 'price'] });
  const chosenCents = products.filter((p) => chosen.includes(p.id)).map((p) => p.priceCents);
  const total = chosenCents.reduce((s, c) => s + c, 0);
  const priceCents = /^\d{1,6}(\.\d{1,2})?$/.test(price.trim()) ? dollarsToCents(price) : null;

  const create = useApiMutation(
    (_signal, v: Values) =>
      api('POST /api/studio/bundles', { body: { title: v.title, description: null, priceCents: dollarsToCents(v.price), productIds: v.productIds } }),
    {
      onSuccess: (bundle) => {
        toast({ title: `Bundle ${bundle.title} created`, description: bundle.savingText, variant: 'success' });
        setTimeout(() => window.location.reload(), 600);
      },
      onError: (error: ApiError) => {
        for (const [path, message] of Object.entries(error.fields)) form.setError(FROM_API[path] ?? 'title', { type: 'server', message });
      },
    },
  );
  const message = formMessage(create.error);
  const submit = form.handleSubmit((v) => create.run(v));

  if (products.length < 2) {
    return <p className="dc-hint">A bundle needs at least 2 of your published products sold at a fixed one-time price. Publish some first.</p>;
  }
  return (
    <form className="dc-form" onSubmit={(e) => void submit(e)} noValidate aria-label="New bundle">
      {message ? (
        <p className="dc-error" role="alert">
          {message}
        </p>
      ) : null}
      <FormField id={`${uid}-title`} styles={STYLES} label="Bundle title" error={errors.title?.message}>
        {(control) => <input {...control} type="text" placeholder="Outreach starter pack" {...form.register('title')} />}
      </FormField>
      <fieldset className="dc-choice" id={`${uid}-productIds`}>
        <legend>Products in the bundle</legend>
        {products.map((p) => (
          <label key={p.id} className="dc-product">
            <input type="checkbox" value={p.id} {...form.register('productIds')} /> {p.title} ({formatCents(p.priceCents)})
          </label>
        ))}
        {errors.productIds?.message ? <p className="dc-error">{errors.productIds.message}</p> : null}
      </fieldset>
      <FormField
        id={`${uid}-price`}
        styles={STYLES}
        label="Bundle price ($)"
        hint={chosenCents.length ? `On their own: ${formatCents(total)}. The bundle must cost less.` : 'Below the sum of the products’ prices.'}
        error={errors.price?.message}
      >
        {(control) => <input {...control} type="text" inputMode="decimal" placeholder="49.00" {...form.register('price')} />}
      </FormField>
      {priceCents !== null && chosenCents.length >= 2 && priceCents < total ? <p className="dc-hint">{bundleSavingText(priceCents, chosenCents)}</p> : null}
      <button type="submit" className="btn btn-primary" disabled={create.busy} aria-busy={create.busy}>
        {create.busy ? 'Creating…' : 'Create bundle'}
      </button>
    </form>
  );
}
