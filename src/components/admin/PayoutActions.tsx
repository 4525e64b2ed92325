/**
 * /admin/payouts (docs/decisions/048, 051): one open payout's actions, an island. 'Mark
 * processing' (a requested one: the transfer is on its way), then one form, used twice, for how
 * it finished: 'Mark paid' with the transfer's reference or 'Mark failed' with a reason, each
 * validated with the API's own zod schema (react-hook-form, docs/decisions/019) and posted
 * through the typed client; the page reloads to show the result. A refusal of the field shows
 * under it; 409 PAYOUT_NOT_OPEN (another administrator was first) is a toast and a reload,
 * which shows what they did.
 */
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PayoutFailedBodySchema, PayoutPaidBodySchema } from '@/src/shared/api/schemas/payments';
import { api, type ApiError } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';
import { FormField, type FieldStyles } from '../ui/FormField';

const STYLES: FieldStyles = { field: 'adm-payout-field', hint: 'cp-muted', error: 'adm-field-error' };

/** What each way of finishing a payout asks for and says (one form, two uses). */
const OUTCOMES = {
  paid: {
    field: 'reference',
    label: 'Transfer reference',
    button: 'Mark paid',
    primary: true,
    schema: PayoutPaidBodySchema,
    send: (id: string, value: string) => api('POST /api/admin/payouts/{id}/paid', { params: { id }, body: { reference: value } }),
    done: { title: 'Payout marked paid', description: 'The creator is told by email and in the bell.' },
  },
  failed: {
    field: 'reason',
    label: 'Why it failed',
    button: 'Mark failed',
    primary: false,
    schema: PayoutFailedBodySchema,
    send: (id: string, value: string) => api('POST /api/admin/payouts/{id}/failed', { params: { id }, body: { reason: value } }),
    done: { title: 'Payout marked failed', description: 'Its amount is back in the creator’s balance; they are told by email and in the bell.' },
  },
} as const;

type Outcome = keyof typeof OUTCOMES;

/** After an answer: a toast, and a reload when the payout changed (or someone else changed it); true when the page reloads. */
function settle(error: ApiError | null, done: { title: string; description: string }): boolean {
  if (!error) {
    toast({ title: done.title, description: done.description, variant: 'success' });
    setTimeout(() => window.location.reload(), 900);
    return true;
  }
  toast({ title: 'Payout not changed', description: error.message, variant: 'destructive' });
  if (error.code === 'PAYOUT_NOT_OPEN') {
    setTimeout(() => window.location.reload(), 900);
    return true;
  }
  return false;
}

function FinishForm({ outcome, payoutId, what }: { outcome: Outcome; payoutId: string; what: string }) {
  const uid = useId();
  const spec = OUTCOMES[outcome];
  const [sent, setSent] = useState(false);
  // Each outcome's schema has its one field; the form is typed by that field's name.
  const resolver = zodResolver(spec.schema) as unknown as Resolver<Record<string, string>>;
  const form = useForm<Record<string, string>>({ resolver, defaultValues: { [spec.field]: '' } });
  const { errors, isSubmitting } = form.formState;
  const finish = useApiMutation((_signal, value: string) => spec.send(payoutId, value), {
    onSuccess: () => setSent(settle(null, spec.done)),
    onError: (error) => {
      const refused = error.fields[spec.field];
      if (refused) form.setError(spec.field, { type: 'server', message: refused }, { shouldFocus: true });
      else setSent(settle(error, spec.done));
    },
  });
  const submit = form.handleSubmit((values) => finish.run(values[spec.field] ?? ''));
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-payout-action={outcome}>
      <FormField id={`${uid}-${spec.field}`} styles={STYLES} label={spec.label} error={errors[spec.field]?.message}>
        {(control) => <input {...control} className="text-control" autoComplete="off" {...form.register(spec.field)} />}
      </FormField>
      <button type="submit" className={`btn ${spec.primary ? 'btn-primary' : 'btn-secondary'}`} disabled={isSubmitting || sent}>
        {spec.button}
        <span className="visually-hidden"> ({what})</span>
      </button>
    </form>
  );
}

interface Props {
  payoutId: string;
  requested: boolean;
  /** 'Cleo Creator, $10.20': what the buttons act on, for screen readers. */
  what: string;
}

export function PayoutActions({ payoutId, requested, what }: Props) {
  const [sent, setSent] = useState(false);
  const processing = useApiMutation(() => api('POST /api/admin/payouts/{id}/processing', { params: { id: payoutId } }), {
    onSuccess: () => setSent(settle(null, { title: 'Payout marked processing', description: 'Mark it paid once the transfer has arrived.' })),
    onError: (error) => setSent(settle(error, { title: '', description: '' })),
  });
  return (
    <div className="adm-payout-actions">
      {requested ? (
        <div>
          <button type="button" className="btn btn-secondary" onClick={() => void processing.run()} disabled={processing.busy || sent}>
            Mark processing
            <span className="visually-hidden"> ({what})</span>
          </button>
        </div>
      ) : null}
      <FinishForm outcome="paid" payoutId={payoutId} what={what} />
      <FinishForm outcome="failed" payoutId={payoutId} what={what} />
    </div>
  );
}
