/**
 * The one report form (issue 16, docs/decisions/037): a reason and an optional note, sent as
 * the caller's report of one thing (`PUT /api/reports/{kind}/{targetId}`). Used by the product
 * reviews island and the ReportButton island (products, profiles, seller reviews, community
 * posts). react-hook-form with the API's own schema (docs/decisions/019).
 */
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { REPORT_REASONS, REPORT_REASON_LABELS, type ReportTargetKind } from '@/src/shared/domain';
import { ReportInputSchema, REPORT_NOTE_MAX, type ReportInput } from '@/src/shared/api/schemas/moderation';
import { api } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';
import { FormField, type FieldStyles } from '../ui/FormField';
import { formMessage, setServerErrors } from '../ui/form-state';
import './report.css';

type Values = { reason: string; note: string };
const SCHEMA = ReportInputSchema as unknown as z.ZodMiniType<ReportInput, Values>;
const STYLES: FieldStyles = { field: 'rpt-field', hint: 'muted', error: 'rpt-error' };

interface Props {
  kind: ReportTargetKind;
  targetId: string;
  /** 'this review', 'this product': the form's label and the toast say it. */
  what: string;
  /** Where to sign in, when the visitor is signed out. */
  loginHref?: string;
  onDone: () => void;
}

export function ReportForm({ kind, targetId, what, loginHref = '/auth', onDone }: Props) {
  const uid = useId();
  const form = useForm<Values, unknown, ReportInput>({
    // The select starts empty (''), which the schema refuses with 'Choose a reason'.
    resolver: zodResolver(SCHEMA),
    defaultValues: { reason: '', note: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const report = useApiMutation((_signal, value: ReportInput) => api('PUT /api/reports/{kind}/{targetId}', { params: { kind, targetId }, body: value }), {
    onSuccess: () => {
      toast({ title: 'Report sent', description: `Thank you. Our team will look at ${what}.`, variant: 'success' });
      onDone();
    },
    onError: (error) => setServerErrors(form, error),
  });
  // Signed out since the page loaded: the way to sign in, instead of the server's message.
  const signIn = report.error?.status === 401;
  const message = signIn ? '' : formMessage(report.error);
  const submit = form.handleSubmit((value) => report.run(value));
  return (
    <form className="rpt-form" onSubmit={(e) => void submit(e)} noValidate aria-label={`Report ${what}`} data-report-form={kind}>
      {message ? (
        <p className="rpt-error" role="alert">
          {message}
        </p>
      ) : null}
      {signIn ? (
        <p className="rpt-error" role="alert">
          <a href={loginHref}>Sign in</a> to report {what}.
        </p>
      ) : null}
      <FormField id={`${uid}-reason`} styles={STYLES} label="Why are you reporting it?" error={errors.reason?.message}>
        {(control) => (
          <select {...control} {...form.register('reason')}>
            <option value="">Choose a reason</option>
            {REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {REPORT_REASON_LABELS[r]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${uid}-note`} styles={STYLES} label="Details for our team (optional)" error={errors.note?.message}>
        {(control) => <textarea {...control} rows={2} maxLength={REPORT_NOTE_MAX} {...form.register('note')} />}
      </FormField>
      <div className="rpt-actions">
        <button type="button" className="btn btn-secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          Send report
        </button>
      </div>
    </form>
  );
}
