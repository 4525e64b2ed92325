/**
 * 'Write an email' on /sales/emails (docs/decisions/078): To (an audience with its size now),
 * Subject and the Markdown body; 'Preview' shows the server's sanitized HTML, 'Send a test to
 * me' mails it to the creator only, and 'Send to N recipients' asks to confirm with the count
 * before it sends. react-hook-form with the shared zod schema (CustomerEmailFormSchema); the
 * server's field messages land under their fields, and the server decides everything.
 */
import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { api, type ApiError } from '@/src/shared/api/client';
import {
  CUSTOMER_EMAIL_SUBJECT_MAX,
  CustomerEmailFormSchema,
  audienceOfTarget,
  recipientsLabel,
  type CustomerEmailAudienceCount,
  type CustomerEmailFormValues,
  targetOf,
  type CustomerEmailView,
} from '@/src/shared/customer-emails';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { errorList } from '../ui/form-state';

type Field = keyof CustomerEmailFormValues;
const FIELD_STYLES: FieldStyles = { field: 'dc-field', hint: 'dc-hint', error: 'dc-error' };
const LABELS: Record<Field, string> = { target: 'To', subject: 'Subject', body: 'Message (Markdown)' };
const DEFAULTS: CustomerEmailFormValues = { target: 'all_products', subject: '', body: '' };

interface Props {
  audiences: CustomerEmailAudienceCount[];
  remaining: number;
  limit: number;
  onSent(email: CustomerEmailView): void;
}

export function CustomerEmailForm({ audiences, remaining, limit, onSent }: Props) {
  const uid = useId();
  const id = (name: Field) => `${uid}-${name}`;
  const form = useForm<CustomerEmailFormValues>({ resolver: zodResolver(CustomerEmailFormSchema), defaultValues: DEFAULTS });
  const { errors } = form.formState;
  const target = useWatch({ control: form.control, name: 'target' });
  const count = audiences.find((a) => targetOf(a) === target)?.recipients ?? 0;
  const [confirming, setConfirming] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  const showErrors = (title: string) => (error: ApiError) => {
    setConfirming(false);
    const named = Object.entries(error.fields).map(([path, message]) => {
      const field: Field = path === 'audience' || path === 'productId' ? 'target' : (path as Field);
      form.setError(field, { type: 'server', message });
      return field;
    });
    if (named[0]) form.setFocus(named[0]);
    else toast({ title, description: error.message, variant: 'destructive' });
  };
  const body = (v: CustomerEmailFormValues) => ({ ...audienceOfTarget(v.target), subject: v.subject, body: v.body });

  const previewCall = useApiMutation(
    (_s, v: CustomerEmailFormValues) => api('POST /api/studio/customer-emails/preview', { body: { subject: v.subject || 'Preview', body: v.body } }),
    {
      onSuccess: (answer) => setPreview(answer.html),
      onError: showErrors('Could not preview the email'),
    },
  );
  const test = useApiMutation((_s, v: CustomerEmailFormValues) => api('POST /api/studio/customer-emails/test', { body: body(v) }), {
    onSuccess: (answer) => toast({ title: 'Test sent', description: `Sent to ${answer.to} only.`, variant: 'success' }),
    onError: showErrors('Could not send the test'),
  });
  const send = useApiMutation((_s, v: CustomerEmailFormValues) => api('POST /api/studio/customer-emails', { body: body(v) }), {
    onSuccess: (email) => {
      toast({ title: 'Email sent', description: `Going out to ${recipientsLabel(email.recipients)}.`, variant: 'success' });
      setConfirming(false);
      setPreview(null);
      form.reset(DEFAULTS);
      onSent(email);
    },
    onError: showErrors('Could not send the email'),
  });

  const busy = previewCall.busy || test.busy || send.busy;
  const askToConfirm = form.handleSubmit(() => setConfirming(true));

  return (
    <form className="dc-form" onSubmit={(e) => void askToConfirm(e)} noValidate aria-label="Write an email">
      <ErrorSummary items={errorList(errors).map(([name]) => ({ target: id(name as Field), label: LABELS[name as Field] ?? name }))} />
      <FormField id={id('target')} styles={FIELD_STYLES} label={LABELS.target} error={errors.target?.message}>
        {(control) => (
          <select {...control} {...form.register('target', { onChange: () => setConfirming(false) })}>
            {audiences.map((a) => (
              <option key={targetOf(a)} value={targetOf(a)}>
                {a.label} ({recipientsLabel(a.recipients)})
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={id('subject')} styles={FIELD_STYLES} label={LABELS.subject} error={errors.subject?.message}>
        {(control) => (
          <input {...control} type="text" maxLength={CUSTOMER_EMAIL_SUBJECT_MAX} {...form.register('subject', { onChange: () => setConfirming(false) })} />
        )}
      </FormField>
      <FormField
        id={id('body')}
        styles={FIELD_STYLES}
        label={LABELS.body}
        hint="**bold**, _italic_, [links](https://…), lists and quotes. HTML shows as text; images become links."
        error={errors.body?.message}
      >
        {(control) => <textarea {...control} rows={10} {...form.register('body', { onChange: () => setConfirming(false) })} />}
      </FormField>
      <div className="ce-actions">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void form.handleSubmit((v) => previewCall.run(v))()}>
          Preview
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void form.handleSubmit((v) => test.run(v))()}>
          {test.busy ? 'Sending the test…' : 'Send a test to me'}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || remaining === 0 || count === 0}>
          Send to {recipientsLabel(count)}
        </button>
      </div>
      <p className="dc-hint" data-remaining={remaining}>
        {remaining === 0
          ? `You have sent ${limit} emails in the last 24 hours: the next one can go once the oldest of them is a day old.`
          : `You can send ${remaining} more of ${limit} emails to customers in the next 24 hours. A test does not count.`}
      </p>
      {confirming ? (
        <div className="ce-confirm" role="alertdialog" aria-labelledby={`${uid}-confirm`}>
          <p id={`${uid}-confirm`}>
            Send “{form.getValues('subject')}” to {recipientsLabel(count)}? This uses one of your {limit} sends for 24 hours, and cannot be undone.
          </p>
          <button type="button" className="btn btn-primary" disabled={send.busy} aria-busy={send.busy} onClick={() => void send.run(form.getValues())}>
            {send.busy ? 'Sending…' : `Yes, send to ${recipientsLabel(count)}`}
          </button>{' '}
          <button type="button" className="btn btn-secondary" disabled={send.busy} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : null}
      {preview !== null ? (
        <section className="ce-preview" aria-label="Preview">
          <h3 className="dc-heading">Preview</h3>
          {/* The server's sanitized HTML (functions/_shared/markdown.ts): the same the email carries. */}
          <div className="ce-preview-body" dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      ) : null}
    </form>
  );
}
