/**
 * /settings/notifications (issue 18, docs/decisions/041): a channel per kind of notification —
 * Off, In the app, Email at once, Daily digest, Weekly digest — grouped as the kinds are in
 * src/shared/email-preferences.ts. One react-hook-form form (docs/decisions/019), saved with
 * PUT /api/settings/notifications; a notice above it when the mail provider reported the
 * address as bouncing or as a complaint.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '@/src/shared/api/client';
import {
  EMAIL_CHANNEL_LABELS,
  EMAIL_KIND_GROUPS,
  EMAIL_KIND_INFO,
  EMAIL_KINDS,
  type EmailPreferences,
  type NotificationPreferencesView,
} from '@/src/shared/email-preferences';
import { toast } from '@/src/stores/toasts';
import { registerWithValue } from '../ui/form-state';
import { ErrorSummary } from '../ui/ErrorSummary';
import { useApiMutation } from '../hooks/use-api';
import './settings.css';

interface Props {
  email: string;
  initial: NotificationPreferencesView;
}

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export default function NotificationSettings({ email, initial }: Props) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);
  const form = useForm<{ preferences: EmailPreferences }>({ defaultValues: { preferences: initial.preferences }, mode: 'onSubmit' });
  const save = useApiMutation((_signal, preferences: EmailPreferences) => api('PUT /api/settings/notifications', { body: { preferences } }), {
    onSuccess: (saved) => {
      form.reset({ preferences: saved.preferences });
      toast({ title: 'Notification settings saved', variant: 'success' });
    },
    onError: (error) => {
      // The form's selects have no messages of their own: a field's message goes in the summary.
      const message = Object.values(error.fields)[0] ?? error.message;
      setFailure((previous) => ({ message, attempt: (previous?.attempt ?? 0) + 1 }));
    },
  });
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    return save.run(values.preferences);
  });
  const { isSubmitting } = form.formState;
  return (
    <div className="set-stack">
      {initial.suppressed ? (
        <p className="set-note set-warn" role="alert">
          {initial.suppressed.reason === 'bounce'
            ? `Email to ${email} bounced on ${day(initial.suppressed.since)}, so toolmint stopped emailing it. `
            : `${email} marked a toolmint email as spam on ${day(initial.suppressed.since)}, so toolmint stopped emailing it. `}
          Notifications still appear in the app. To get email again, change your address on <a href="/settings/account">Account</a>.
        </p>
      ) : null}
      <form className="set-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Notification settings">
        <ErrorSummary items={[]} title={failure?.message} focusKey={failure?.attempt ?? null} />
        {EMAIL_KIND_GROUPS.map((group, index) => (
          <section key={group} className="cp-panel" aria-labelledby={id(`group-${index}`)}>
            <div className="cp-panel-head">
              <h2 id={id(`group-${index}`)}>{group}</h2>
            </div>
            <div className="set-prefs">
              {EMAIL_KINDS.filter((k) => EMAIL_KIND_INFO[k].group === group).map((kind) => (
                <div className="set-pref" key={kind}>
                  <div>
                    <label htmlFor={id(kind)}>{EMAIL_KIND_INFO[kind].label}</label>
                    <p className="set-hint" id={id(`${kind}-hint`)}>
                      {EMAIL_KIND_INFO[kind].hint}
                    </p>
                  </div>
                  <select id={id(kind)} aria-describedby={id(`${kind}-hint`)} {...registerWithValue(form, `preferences.${kind}`)}>
                    {EMAIL_KIND_INFO[kind].channels.map((channel) => (
                      <option key={channel} value={channel}>
                        {EMAIL_CHANNEL_LABELS[channel]}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
          </section>
        ))}
        <p className="set-hint">
          Receipts, password resets and email verification are transactional: they are always sent and cannot be turned off. Every other email has an
          unsubscribe link.
        </p>
        <div className="set-actions">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save notification settings'}
          </button>
        </div>
      </form>
    </div>
  );
}
