/**
 * /auth/reset-password?token=...: choose a new password with the sign-up strength rules.
 * The token works once and expires; a successful reset ends every session of the account
 * (the server does it), so the user signs in again with the new password.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { validateConfirmPassword, validateNewPassword } from '../../shared/auth-validation';
import { SIGNED_OUT, $session } from '../../stores/session';
import { toast } from '../../stores/toasts';
import { resetPassword } from './auth-client';
import { PasswordField, PasswordStrengthMeter, Spinner } from './fields';
import './auth.css';

type Phase = 'loading' | 'form' | 'done' | 'invalid';

export default function ResetPasswordPage() {
  const [phase, setPhase] = useState<Phase>('loading');
  const [token, setToken] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [loading, setLoading] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const value = new URLSearchParams(window.location.search).get('token') ?? '';
    setToken(value);
    setPhase(value ? 'form' : 'invalid');
  }, []);

  useEffect(() => {
    if (phase === 'done' || phase === 'invalid') headingRef.current?.focus();
  }, [phase]);

  function check(nextPassword: string, nextConfirm: string, fields: ('password' | 'confirm')[]) {
    setErrors((current) => {
      const updated = { ...current };
      for (const field of fields) {
        const message = field === 'password' ? validateNewPassword(nextPassword) : validateConfirmPassword(nextPassword, nextConfirm);
        if (message) updated[field] = message;
        else delete updated[field];
      }
      return updated;
    });
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (loading) return;
    const found = {
      ...(validateNewPassword(password) ? { password: validateNewPassword(password)! } : {}),
      ...(validateConfirmPassword(password, confirm) ? { confirm: validateConfirmPassword(password, confirm)! } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length) {
      formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setLoading(true);
    try {
      const { error } = await resetPassword(token, password);
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
      toast({ title: 'Unexpected Error', description: 'Something went wrong. Please try again.', variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  }

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
      <form ref={formRef} className="auth-form" onSubmit={submit} noValidate aria-busy={loading}>
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(e) => {
            setPassword(e.target.value);
            const fields: ('password' | 'confirm')[] = [];
            if (errors.password) fields.push('password');
            if (confirm || errors.confirm) fields.push('confirm');
            if (fields.length) check(e.target.value, confirm, fields);
          }}
          onBlur={() => check(password, confirm, ['password'])}
          hint={<PasswordStrengthMeter password={password} />}
          disabled={loading}
        />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm}
          onChange={(e) => {
            setConfirm(e.target.value);
            if (errors.confirm) check(password, e.target.value, ['confirm']);
          }}
          onBlur={() => check(password, confirm, ['confirm'])}
          disabled={loading}
        />
        <button type="submit" className="btn btn-primary auth-submit" disabled={loading}>
          {loading ? 'Saving...' : 'Reset password'}
        </button>
      </form>
    </div>
  );
}
