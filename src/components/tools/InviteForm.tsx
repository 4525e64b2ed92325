/** A maintainer invites a co-maintainer by handle or email (docs/decisions/038); react-hook-form (docs/decisions/019). */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '@/src/shared/api/client';
import { useApiMutation } from '../hooks/use-api';
import { FormField, type FieldStyles } from '../ui/FormField';
import { errorAt } from '../ui/form-state';

const STYLES: FieldStyles = { field: 'tf-field', hint: 'tf-hint', error: 'tf-error' };

export default function InviteForm({ toolId }: { toolId: string }) {
  const form = useForm<{ invitee: string }>({ defaultValues: { invitee: '' } });
  const [sent, setSent] = useState<string | null>(null);
  const uid = useId();
  const invite = useApiMutation((_signal, invitee: string) => api('POST /api/tools/{toolId}/maintainers', { params: { toolId }, body: { invitee } }), {
    onSuccess: ({ sentTo }) => {
      setSent(sentTo);
      form.reset();
    },
    onError: (error) => form.setError('invitee', { type: 'server', message: error.fields['invitee'] ?? error.message }),
  });
  const submit = form.handleSubmit(({ invitee }) => {
    if (!invitee.trim()) return form.setError('invitee', { type: 'required', message: 'Enter a handle or an email address' });
    return invite.run(invitee);
  });
  return (
    <form className="tf-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Invite a co-maintainer">
      <FormField id={`${uid}-invitee`} styles={STYLES} label="Handle or email address" error={errorAt(form.formState.errors, 'invitee')}>
        {(control) => <input {...control} className="text-control" placeholder="@handle or name@example.com" {...form.register('invitee')} />}
      </FormField>
      <div className="tf-actions">
        <button type="submit" className="btn btn-secondary" disabled={form.formState.isSubmitting}>
          Send the invitation
        </button>
      </div>
      {sent && <p role="status">Invitation sent to {sent}.</p>}
    </form>
  );
}
