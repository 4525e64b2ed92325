/**
 * Forgot password: asks for a reset link, then always shows 'Check your email' whether or
 * not the address has an account (no enumeration). 'Try a different email' returns to the
 * form; 'Back to sign in' switches the mode.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { validateEmail } from '../../shared/auth-validation';
import { toast } from '../../stores/toasts';
import { requestPasswordReset } from './auth-client';
import { Field } from './fields';

interface Props {
  onBackToSignIn(): void;
}

export function ForgotPasswordForm({ onBackToSignIn }: Props) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (sentTo) headingRef.current?.focus();
  }, [sentTo]);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (loading) return;
    const message = validateEmail(email);
    setError(message ?? undefined);
    if (message) {
      formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    setLoading(true);
    try {
      const { error: failure } = await requestPasswordReset(email);
      if (failure?.code === 'RATE_LIMITED') {
        toast({ title: 'Too many requests', description: failure.message, variant: 'destructive' });
        return;
      }
      // Any other answer ends the same way: the page never says whether the account exists.
      if (failure) console.warn('[auth] reset request answered', failure.status);
      setSentTo(email.trim());
    } catch (failure) {
      console.error('[auth] reset request failed:', failure);
      toast({ title: 'Unexpected Error', description: 'Something went wrong. Please try again.', variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  }

  if (sentTo) {
    return (
      <div className="auth-sent">
        <div className="auth-sent-icon" aria-hidden="true">
          ✉
        </div>
        <h2 ref={headingRef} tabIndex={-1}>
          Check your email
        </h2>
        <p className="muted">
          If an account exists for <strong>{sentTo}</strong>, we've sent a link to reset your password. The link works once and expires in 60
          minutes.
        </p>
        <div className="auth-stack">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setSentTo(null);
              setEmail('');
            }}
          >
            Try a different email
          </button>
          <button type="button" className="btn btn-primary" onClick={onBackToSignIn}>
            Back to sign in
          </button>
        </div>
      </div>
    );
  }

  return (
    <form ref={formRef} className="auth-form" onSubmit={submit} noValidate aria-busy={loading}>
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        value={email}
        error={error}
        onChange={(e) => {
          setEmail(e.target.value);
          if (error) setError(undefined);
        }}
        disabled={loading}
      />
      <button type="submit" className="btn btn-primary auth-submit" disabled={loading}>
        {loading ? 'Sending...' : 'Send reset link'}
      </button>
      <button type="button" className="auth-link-button auth-center" onClick={onBackToSignIn}>
        Back to sign in
      </button>
    </form>
  );
}
