/**
 * /auth/reset-password?token=...: choose a new password with the sign-up strength rules.
 * The token works once and expires; a successful reset ends every session of the account
 * (the server does it), so the user signs in again with the new password. Like the sign-up's
 * account step, a field is checked on blur and again on change once it shows an error, the
 * confirmation follows the password, and everything is checked on submit (react-hook-form
 * with the zod schema of those rules).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SIGNED_OUT, $session } from '@/src/stores/session';
import { toast } from '@/src/stores/toasts';
import { ErrorSummary } from '../ui/ErrorSummary';
import { errorList, revalidateIfInvalid } from '../ui/form-state';
import { resetPassword, toastUnexpectedError } from './auth-client';
import { PasswordField, PasswordStrengthMeter, Spinner } from './fields';
import type { ResetValues } from './form-schemas';
import { resetValidation } from './auth-resolvers';
import './auth.css';

type Phase = 'loading' | 'form' | 'done' | 'invalid';

export default function ResetPasswordPage() {
  const [phase, setPhase] = useState<Phase>('loading');
  const [token, setToken] = useState('');
  const form = useForm<ResetValues>({
    resolver: resetValidation.resolver,
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onBlur',
    reValidateMode: 'onBlur',
  });
  const { errors, isSubmitting: loading } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const uid = useId();
  // The form's validation (zod) is fetched once the page has drawn (docs/decisions/033).
  useEffect(() => resetValidation.preload(), []);
  const ids: Record<keyof ResetValues, string> = { password: `${uid}-password`, confirmPassword: `${uid}-confirm` };
  const labels: Record<keyof ResetValues, string> = { password: 'New password', confirmPassword: 'Confirm new password' };

  useEffect(() => {
    const value = new URLSearchParams(window.location.search).get('token') ?? '';
    setToken(value);
    setPhase(value ? 'form' : 'invalid');
  }, []);

  useEffect(() => {
    if (phase === 'done' || phase === 'invalid') headingRef.current?.focus();
  }, [phase]);

  /** The confirmation follows the password once it has been typed or shows an error. */
  function passwordChanged() {
    revalidateIfInvalid(form, 'password');
    if (form.getValues('confirmPassword') || form.getFieldState('confirmPassword').invalid) void form.trigger('confirmPassword');
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      const { error } = await resetPassword(token, values.password);
      if (error?.code === 'INVALID_TOKEN') {
        setPhase('invalid');
        return;
      }
      if (error) {
        toast({ title: 'Reset Error', description: error.message, variant: 'destructive' });
        return;
      }
      // Every session of the account has ended, this browser's included.
      $session.set(SIGNED_OUT);
      toast({ title: 'Password updated', description: 'Sign in with your new password.', variant: 'success' });
      setPhase('done');
    } catch (failure) {
      console.error('[auth] reset failed:', failure);
      toastUnexpectedError();
    }
  });

  if (phase === 'loading') {
    return (
      <div className="auth-card auth-loading">
        <Spinner label="Loading" />
        <p className="muted">Loading…</p>
      </div>
    );
  }

  if (phase === 'invalid') {
    return (
      <div className="auth-card auth-sent">
        <h1 ref={headingRef} tabIndex={-1}>
          This link has expired
        </h1>
        <p className="muted">Reset links work once and expire after 60 minutes. Ask for a new one and use it right away.</p>
        <div className="auth-stack">
          <a className="btn btn-primary" href="/auth?mode=forgot-password">
            Send a new reset link
          </a>
          <a className="btn btn-secondary" href="/auth?mode=login">
            Back to sign in
          </a>
        </div>
      </div>
    );
  }

  if (phase === 'done') {
    return (
      <div className="auth-card auth-sent">
        <div className="auth-sent-icon" aria-hidden="true">
          ✓
        </div>
        <h1 ref={headingRef} tabIndex={-1}>
          Your password has been reset
        </h1>
        <p className="muted">For your security we signed you out everywhere. Sign in with your new password.</p>
        <a className="btn btn-primary" href="/auth?mode=login">
          Sign in
        </a>
      </div>
    );
  }

  return (
    <div className="auth-card">
      <div className="auth-card-head">
        <h1>Choose a new password</h1>
        <p className="muted">Use at least 8 characters. Mixing upper and lower case, numbers and symbols makes it stronger.</p>
      </div>
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={loading}>
        <ErrorSummary items={errorList(errors).map(([name]) => ({ target: ids[name as keyof ResetValues], label: labels[name as keyof ResetValues] }))} />
        <PasswordField
          id={ids.password}
          label={labels.password}
          autoComplete="new-password"
          error={errors.password?.message}
          hint={<PasswordStrengthMeter password={password} />}
          disabled={loading}
          {...form.register('password', { onChange: passwordChanged })}
        />
        <PasswordField
          id={ids.confirmPassword}
          label={labels.confirmPassword}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          disabled={loading}
          {...form.register('confirmPassword', { onChange: () => revalidateIfInvalid(form, 'confirmPassword') })}
        />
        <button type="submit" className="btn btn-primary auth-submit" disabled={loading}>
          {loading ? 'Saving...' : 'Reset password'}
        </button>
      </form>
    </div>
  );
}
