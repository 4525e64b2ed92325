/**
 * An administrator's adjustment of a creator's balance (docs/decisions/048, 051), on
 * /admin/creators/{userId}: a signed amount in dollars and the reason, sent as
 * `POST /api/admin/creators/{userId}/ledger-adjustments` with an idempotency key chosen once per
 * adjustment, so a double click or a retry after a lost answer makes one entry. The key changes
 * only after a success (the next adjustment is another one). react-hook-form with the shared
 * zod schema (docs/decisions/019); the page reloads to show the new entry and figures.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { adjustmentCents, AdjustmentFormSchema, type AdjustmentForm as Values } from '@/src/shared/api/schemas/payments';
import { api } from '@/src/shared/api/client';
import { formatCents } from '@/src/shared/payments';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';
import { FormField, type FieldStyles } from '../ui/FormField';
import { formMessage } from '../ui/form-state';

const STYLES: FieldStyles = { field: 'adm-field', hint: 'cp-muted', error: 'adm-field-error' };

/** A fresh key per adjustment; randomUUID needs a secure context, getRandomValues does not. */
function newKey(): string {
  const c: Partial<Pick<Crypto, 'randomUUID'>> & Pick<Crypto, 'getRandomValues'> = crypto;
  if (c.randomUUID) return c.randomUUID();
  return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const signedAmount = (cents: number) => `${cents > 0 ? '+' : ''}${formatCents(cents)}`;

interface Props {
  creatorId: string;
  creatorName: string;
}

export function AdjustmentForm({ creatorId, creatorName }: Props) {
  const uid = useId();
  const [key, setKey] = useState(newKey);
  const form = useForm<Values>({ resolver: zodResolver(AdjustmentFormSchema), defaultValues: { amount: '', reason: '' } });
  const { errors, isSubmitting } = form.formState;

  // A lost answer leaves the key as it was: sending again with it cannot make a second entry.
  const adjust = useApiMutation(
    (_signal, amountCents: number, reason: string) =>
      api('POST /api/admin/creators/{userId}/ledger-adjustments', { params: { userId: creatorId }, body: { amountCents, reason, idempotencyKey: key } }),
    {
      onSuccess: (_, amountCents, reason) => {
        setKey(newKey());
        toast({ title: 'Balance adjusted', description: `${signedAmount(amountCents)} for ${creatorName}: ${reason}`, variant: 'success' });
        setTimeout(() => window.location.reload(), 900);
      },
      onError: (error) => {
        for (const [name, m] of Object.entries(error.fields))
          if (m) form.setError(name === 'amountCents' ? 'amount' : (name as keyof Values), { type: 'server', message: m });
      },
    },
  );
  const message = formMessage(adjust.error);

  const submit = form.handleSubmit(async (value) => {
    const amountCents = adjustmentCents(value.amount);
    if (!window.confirm(`Adjust ${creatorName}’s balance by ${signedAmount(amountCents)}?`)) return;
    await adjust.run(amountCents, value.reason);
  });

  return (
    <form className="adm-adjust" onSubmit={(e) => void submit(e)} noValidate aria-label={`Adjust ${creatorName}’s balance`}>
      {message ? (
        <p className="adm-field-error" role="alert">
          {message}
        </p>
      ) : null}
      <FormField
        id={`${uid}-amount`}
        styles={STYLES}
        label="Amount (USD)"
        hint="Positive to pay the creator more, negative to take money back, like -5.00."
        error={errors.amount?.message}
      >
        {(control) => <input {...control} className="text-control" inputMode="decimal" autoComplete="off" {...form.register('amount')} />}
      </FormField>
      <FormField id={`${uid}-reason`} styles={STYLES} label="Reason (shown to the creator)" error={errors.reason?.message}>
        {(control) => <textarea {...control} className="text-control" rows={2} maxLength={500} {...form.register('reason')} />}
      </FormField>
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Adjusting…' : 'Add adjustment'}
        </button>
      </div>
    </form>
  );
}
