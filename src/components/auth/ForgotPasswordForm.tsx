/**
 * Forgot password: asks for a reset link, then always shows 'Check your email' whether or
 * not the address has an account (no enumeration). 'Try a different email' returns to the
 * form; 'Back to sign in' switches the mode. The email is checked on submit (react-hook-form
 * with the zod schema of the login's email rule) and its error clears on edit.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/src/stores/toasts';
import { ErrorSummary } from '../ui/ErrorSummary';
import { clearOnEdit } from '../ui/form-state';
import { requestPasswordReset, toastUnexpectedError } from './auth-client';
import { EmailField } from './fields';
import type { ForgotValues } from './form-schemas';
import { forgotValidation } from './auth-resolvers';

interface Props {
  onBackToSignIn(): void;
}

export function ForgotPasswordForm({ onBackToSignIn }: Props) {
  const form = useForm<ForgotValues>({
    resolver: forgotValidation.resolver,
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting: loading } = form.formState;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const emailId = useId();

  useEffect(() => {
    if (sentTo) headingRef.current?.focus();
  }, [sentTo]);

  const submit = form.handleSubmit(async ({ email }) => {
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
      toastUnexpectedError();
    }
  });

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
          If an account exists for <strong>{sentTo}</strong>, we've sent a link to reset your password. The link works once and expires in 60 minutes.
        </p>
        <div className="auth-stack">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setSentTo(null);
              form.reset({ email: '' });
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
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={loading}>
      <ErrorSummary items={errors.email ? [{ target: emailId, label: 'Email' }] : []} />
      <EmailField id={emailId} error={errors.email?.message} disabled={loading} {...form.register('email', { onChange: () => clearOnEdit(form, 'email') })} />
      <button type="submit" className="btn btn-primary auth-submit" disabled={loading}>
        {loading ? 'Sending...' : 'Send reset link'}
      </button>
      <button type="button" className="auth-link-button auth-center" onClick={onBackToSignIn}>
        Back to sign in
      </button>
    </form>
  );
}
