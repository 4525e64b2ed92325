/**
 * /settings/account (issue 15, docs/decisions/032): the handle, the password, the email, the
 * active sessions, 'Download my data' and 'Delete my account'. Each form is react-hook-form
 * with the shared FormField and ErrorSummary (docs/decisions/019): checked on submit, then as
 * fields change; the server's field messages land on the fields, its other refusals in the
 * summary. The handle and sessions go through our API (src/shared/api/client.ts); password,
 * email, 'Sign out other sessions' and deletion are better-auth's endpoints
 * (src/components/auth/auth-client.ts).
 */
import { useEffect, useId, useState } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { api, ApiError, FALLBACK_ERROR_MESSAGE } from '@/src/shared/api/client';
import { HandleInputSchema, type SessionView } from '@/src/shared/api/schemas/account';
import { formSchemaOf } from '@/src/shared/form-schema';
import { HANDLE_MAX_LENGTH } from '@/src/shared/handles';
import { toast } from '@/src/stores/toasts';
import { changeEmail, changePassword, deleteAccount, revokeOtherSessions } from '../auth/auth-client';
import { useApiMutation, useApiQuery } from '../hooks/use-api';
import {
  ChangeEmailFormSchema,
  ChangePasswordFormSchema,
  DeleteAccountFormSchema,
  type ChangeEmailValues,
  type ChangePasswordValues,
  type DeleteAccountValues,
} from '../auth/form-schemas';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { errorAt, errorList, registerWithValue } from '../ui/form-state';
import './settings.css';

interface Props {
  email: string;
  emailVerified: boolean;
  handle: string | null;
  suggestedHandle: string;
  sessions: SessionView[];
}

const FIELD_STYLES: FieldStyles = { field: 'set-field', invalid: 'is-invalid', hint: 'set-hint', error: 'set-error' };
const HandleFormSchema = formSchemaOf<{ handle: string }>()(HandleInputSchema);

const dayAndTime = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' })} UTC`;

/** 'Chrome on Linux' from a user agent, or the agent itself when it is not a browser we know. */
function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? userAgent.slice(0, 60);
}

/** One form's failure that belongs to no field, re-announced on each attempt. */
function useFormError() {
  const [error, setError] = useState<{ message: string; attempt: number } | null>(null);
  return {
    error,
    clear: () => setError(null),
    show: (message: string) => setError((previous) => ({ message, attempt: (previous?.attempt ?? 0) + 1 })),
  };
}

function summaryOf<T extends FieldValues>(form: UseFormReturn<T>, labels: Record<string, string>, id: (name: string) => string) {
  return errorList(form.formState.errors).map(([path]) => ({ target: id(path), label: labels[path] ?? path }));
}

function focusFirst(errors: Record<string, unknown>, id: (name: string) => string) {
  const first = errorList(errors as Parameters<typeof errorList>[0])[0]?.[0];
  if (first) document.getElementById(id(first))?.focus();
}

function HandleForm({ handle, suggested }: { handle: string | null; suggested: string }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const [current, setCurrent] = useState(handle);
  const failure = useFormError();
  const form = useForm<{ handle: string }>({
    resolver: zodResolver(HandleFormSchema),
    defaultValues: { handle: handle ?? suggested },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const save = useApiMutation((_signal, values: { handle: string }) => api('PUT /api/settings/account/handle', { body: values }), {
    onSuccess: (saved) => {
      setCurrent(saved.handle);
      form.reset({ handle: saved.handle });
      toast({ title: 'Handle saved', description: `Your profile is at /@${saved.handle}.`, variant: 'success' });
    },
    onError: (error) => {
      const message = error.fields['handle'];
      if (!message) return failure.show(error.message);
      form.setError('handle', { type: 'server', message });
      document.getElementById(id('handle'))?.focus();
    },
  });
  const submit = form.handleSubmit(
    (values) => {
      failure.clear();
      return save.run(values);
    },
    (errors) => focusFirst(errors, id),
  );
  const { isSubmitting } = form.formState;
  return (
    <section className="cp-panel" aria-labelledby={id('title')}>
      <div className="cp-panel-head">
        <h2 id={id('title')}>Handle</h2>
        <p>
          {current ? (
            <>
              Your public profile is at <a href={`/@${current}`}>/@{current}</a>.
            </>
          ) : (
            'Choose the address of your public profile.'
          )}
        </p>
      </div>
      <form className="set-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Handle">
        <ErrorSummary items={summaryOf(form, { handle: 'Handle' }, id)} title={failure.error?.message} focusKey={failure.error?.attempt ?? null} />
        <FormField
          id={id('handle')}
          styles={FIELD_STYLES}
          label="Handle"
          hint="3 to 30 of a-z, 0-9, _ and -. Changing it changes your profile's address."
          error={errorAt(form.formState.errors, 'handle')}
        >
          {(control) => <input {...control} autoComplete="off" spellCheck={false} maxLength={HANDLE_MAX_LENGTH + 10} {...registerWithValue(form, 'handle')} />}
        </FormField>
        <div className="set-actions">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save handle'}
          </button>
        </div>
      </form>
    </section>
  );
}

function PasswordForm() {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const failure = useFormError();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const submit = form.handleSubmit(
    async (values) => {
      failure.clear();
      try {
        const { error } = await changePassword(values.currentPassword, values.password);
        if (error) {
          if (error.code === 'INVALID_PASSWORD') {
            form.setError('currentPassword', { type: 'server', message: 'Your current password is not correct' });
            document.getElementById(id('currentPassword'))?.focus();
          } else if (error.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
            failure.show('Your account signs in with Google or GitHub and has no password. Use “Forgot password” on the sign-in page to set one.');
          } else failure.show(error.message);
          return;
        }
        form.reset();
        toast({ title: 'Password changed', description: 'Your other sessions were signed out.', variant: 'success' });
        document.dispatchEvent(new CustomEvent('toolmint:sessions-changed'));
      } catch (error) {
        console.warn('[account] password change failed:', error);
        failure.show(FALLBACK_ERROR_MESSAGE);
      }
    },
    (errors) => focusFirst(errors, id),
  );
  const labels = { currentPassword: 'Current password', password: 'New password', confirmPassword: 'Confirm new password' };
  const { isSubmitting, errors } = form.formState;
  return (
    <section className="cp-panel" aria-labelledby={id('title')}>
      <div className="cp-panel-head">
        <h2 id={id('title')}>Password</h2>
        <p>Changing it signs you out everywhere else.</p>
      </div>
      <form className="set-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Change password">
        <ErrorSummary items={summaryOf(form, labels, id)} title={failure.error?.message} focusKey={failure.error?.attempt ?? null} />
        <FormField id={id('currentPassword')} styles={FIELD_STYLES} label={labels.currentPassword} error={errorAt(errors, 'currentPassword')}>
          {(control) => <input {...control} type="password" autoComplete="current-password" {...form.register('currentPassword')} />}
        </FormField>
        <FormField id={id('password')} styles={FIELD_STYLES} label={labels.password} hint="At least 8 characters." error={errorAt(errors, 'password')}>
          {(control) => <input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
        </FormField>
        <FormField id={id('confirmPassword')} styles={FIELD_STYLES} label={labels.confirmPassword} error={errorAt(errors, 'confirmPassword')}>
          {(control) => <input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />}
        </FormField>
        <div className="set-actions">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}

function EmailForm({ email, verified }: { email: string; verified: boolean }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const failure = useFormError();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ChangeEmailValues>({
    resolver: zodResolver(ChangeEmailFormSchema),
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const submit = form.handleSubmit(
    async (values) => {
      failure.clear();
      const next = values.email.trim();
      if (next.toLowerCase() === email.toLowerCase()) {
        form.setError('email', { type: 'manual', message: 'This is already your email address' });
        document.getElementById(id('email'))?.focus();
        return;
      }
      try {
        const { error } = await changeEmail(next);
        if (error) return failure.show(error.message);
        setSentTo(next);
        form.reset();
      } catch (error) {
        console.warn('[account] email change failed:', error);
        failure.show(FALLBACK_ERROR_MESSAGE);
      }
    },
    (errors) => focusFirst(errors, id),
  );
  const { isSubmitting, errors } = form.formState;
  return (
    <section className="cp-panel" aria-labelledby={id('title')}>
      <div className="cp-panel-head">
        <h2 id={id('title')}>Email</h2>
        <p>
          Your account uses <strong>{email}</strong>
          {verified ? '' : ' (not verified yet)'}.
        </p>
      </div>
      {sentTo ? (
        <p className="set-note" role="status">
          We sent a link to <strong>{sentTo}</strong>. Your email changes when you open it; until then you keep using {email}.
        </p>
      ) : null}
      <form className="set-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Change email">
        <ErrorSummary items={summaryOf(form, { email: 'New email' }, id)} title={failure.error?.message} focusKey={failure.error?.attempt ?? null} />
        <FormField
          id={id('email')}
          styles={FIELD_STYLES}
          label="New email"
          hint="We send a link to the new address to confirm it."
          error={errorAt(errors, 'email')}
        >
          {(control) => <input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
        <div className="set-actions">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Sending…' : 'Change email'}
          </button>
        </div>
      </form>
    </section>
  );
}

function SessionsPanel({ initial }: { initial: SessionView[] }) {
  const uid = useId();
  const [sessions, setSessions] = useState(initial);
  const { run: reload } = useApiQuery((signal) => api('GET /api/settings/account/sessions', { signal }), {
    onSuccess: (page) => setSessions(page.items),
    onError: (error) => console.warn('[account] sessions reload failed:', error.message),
  });
  // A password change ends the other sessions: the list follows.
  useEffect(() => {
    const onChange = () => void reload();
    document.addEventListener('toolmint:sessions-changed', onChange);
    return () => document.removeEventListener('toolmint:sessions-changed', onChange);
  }, [reload]);

  // better-auth's own route: its refusal is an answer ({ error }), not a failure.
  const signOutOthers = useApiMutation(() => revokeOtherSessions(), {
    onSuccess: ({ error }) => {
      if (error) {
        toast({ title: 'Nothing was signed out', description: error.message, variant: 'destructive' });
        return;
      }
      setSessions((list) => list.filter((s) => s.current));
      toast({ title: 'Signed out everywhere else', description: 'Only this session is still signed in.', variant: 'success' });
    },
    onError: (error) => toast({ title: 'Nothing was signed out', description: error.message, variant: 'destructive' }),
  });

  const revoke = useApiMutation(
    async (_signal, session: SessionView) => {
      try {
        await api('DELETE /api/settings/account/sessions/{id}', { params: { id: session.id } });
      } catch (error) {
        // Already gone (it expired, or another tab signed it out): as good as signed out.
        if (!(error instanceof ApiError) || error.code !== 'SESSION_NOT_FOUND') throw error;
      }
    },
    {
      onSuccess: (_, session) => {
        setSessions((list) => list.filter((s) => s.id !== session.id));
        toast({ title: 'Session signed out', description: `${deviceOf(session.userAgent)} is signed out.`, variant: 'success' });
      },
      onError: (error) => toast({ title: 'The session was not signed out', description: error.message, variant: 'destructive' }),
    },
  );
  const busy = revoke.busy || signOutOthers.busy;

  const others = sessions.filter((s) => !s.current).length;
  return (
    <section className="cp-panel" aria-labelledby={`${uid}-title`}>
      <div className="cp-panel-head">
        <h2 id={`${uid}-title`}>Active sessions</h2>
        <p>{sessions.length === 1 ? '1 session' : `${sessions.length} sessions`}</p>
      </div>
      <ul className="set-sessions" aria-label="Active sessions">
        {sessions.map((s) => (
          <li key={s.id} data-session={s.id}>
            <div>
              <strong>{deviceOf(s.userAgent)}</strong>
              {s.current ? <span className="badge set-current">This device</span> : null}
              <span className="set-hint">
                {s.ipAddress ? `${s.ipAddress} · ` : ''}last active {dayAndTime(s.lastActiveAt)} · signed in {dayAndTime(s.createdAt)}
              </span>
            </div>
            {s.current ? null : (
              <button type="button" className="btn btn-secondary" onClick={() => void revoke.run(s)} disabled={busy}>
                Sign out<span className="visually-hidden"> {deviceOf(s.userAgent)}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="set-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void signOutOthers.run()} disabled={busy || others === 0}>
          {signOutOthers.busy ? 'Signing out…' : 'Sign out other sessions'}
        </button>
      </div>
    </section>
  );
}

function DeleteAccount() {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const [open, setOpen] = useState(false);
  const failure = useFormError();
  const form = useForm<DeleteAccountValues>({
    resolver: zodResolver(DeleteAccountFormSchema),
    defaultValues: { password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const submit = form.handleSubmit(
    async (values) => {
      failure.clear();
      try {
        const { error } = await deleteAccount(values.password);
        if (error) {
          if (error.code === 'INVALID_PASSWORD') {
            form.setError('password', { type: 'server', message: 'Your password is not correct' });
            document.getElementById(id('password'))?.focus();
          } else failure.show(error.message);
          return;
        }
        window.location.assign('/?account=deleted');
      } catch (error) {
        console.warn('[account] deletion failed:', error);
        failure.show(FALLBACK_ERROR_MESSAGE);
      }
    },
    (errors) => focusFirst(errors, id),
  );
  const { isSubmitting, errors } = form.formState;
  return (
    <section className="cp-panel set-danger" aria-labelledby={id('title')}>
      <div className="cp-panel-head">
        <h2 id={id('title')}>Delete my account</h2>
      </div>
      <p>
        Your profile, handle, favorites, follows, reviews, API keys and webhooks are erased, and your products are taken off the marketplace. Orders are kept
        for accounting without your name, and people who bought your products can still download them. This cannot be undone.
      </p>
      {open ? (
        <form className="set-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Delete my account">
          <ErrorSummary items={summaryOf(form, { password: 'Password' }, id)} title={failure.error?.message} focusKey={failure.error?.attempt ?? null} />
          <FormField id={id('password')} styles={FIELD_STYLES} label="Password" hint="Enter your password to confirm." error={errorAt(errors, 'password')}>
            {(control) => <input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
          </FormField>
          <div className="set-actions">
            <button type="submit" className="btn btn-danger" disabled={isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting ? 'Deleting…' : 'Delete my account permanently'}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="set-actions">
          <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
            Delete my account…
          </button>
        </div>
      )}
    </section>
  );
}

export default function AccountSettings({ email, emailVerified, handle, suggestedHandle, sessions }: Props) {
  return (
    <div className="set-stack">
      <HandleForm handle={handle} suggested={suggestedHandle} />
      <PasswordForm />
      <EmailForm email={email} verified={emailVerified} />
      <SessionsPanel initial={sessions} />
      <section className="cp-panel" aria-labelledby="set-export-title">
        <div className="cp-panel-head">
          <h2 id="set-export-title">Download my data</h2>
        </div>
        <p>Your profile, products, purchases, downloads, favorites, follows and reviews, as one JSON file.</p>
        <div className="set-actions">
          <a className="btn btn-secondary" href="/api/settings/account/export" download="toolmint-data.json">
            Download my data
          </a>
        </div>
      </section>
      <DeleteAccount />
    </div>
  );
}
