/**
 * Login (spec section 5): email required and well formed, password required; errors shown
 * on submit and cleared on edit; 'Signing in...' while the request runs; 'Login Error' toast
 * with the server's message (the same for an unknown email and a wrong password).
 * State and validation are react-hook-form's with the zod schema of the login rules.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { LoginValues } from '@/src/shared/auth-validation';
import { toast } from '@/src/stores/toasts';
import { ErrorSummary } from '../ui/ErrorSummary';
import { clearOnEdit, errorList } from '../ui/form-state';
import { signInEmail, type AuthUserPayload, toastUnexpectedError } from './auth-client';
import { EmailField, PasswordField } from './fields';
import { loginValidation } from './auth-resolvers';

interface Props {
  onSignedIn(user: AuthUserPayload): void;
  onForgotPassword(): void;
}

const LABELS: Record<keyof LoginValues, string> = { email: 'Email', password: 'Password' };

export function LoginForm({ onSignedIn, onForgotPassword }: Props) {
  const form = useForm<LoginValues>({
    resolver: loginValidation.resolver,
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  // Stays 'Signing in...' after a success, until the redirect.
  const [signedIn, setSignedIn] = useState(false);
  const loading = isSubmitting || signedIn;
  const uid = useId();
  const fid = (name: keyof LoginValues) => `${uid}-${name}`;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { data, error } = await signInEmail(values.email, values.password);
      if (error) {
        console.warn('[auth] sign-in refused:', error.code);
        toast({ title: 'Login Error', description: error.message, variant: 'destructive' });
        return;
      }
      setSignedIn(true);
      onSignedIn(data.user);
    } catch (error) {
      console.error('[auth] sign-in failed:', error);
      toastUnexpectedError();
    }
  });

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={loading}>
      <ErrorSummary items={errorList(errors).map(([name]) => ({ target: fid(name as keyof LoginValues), label: LABELS[name as keyof LoginValues] }))} />
      <EmailField
        id={fid('email')}
        error={errors.email?.message}
        disabled={loading}
        {...form.register('email', { onChange: () => clearOnEdit(form, 'email') })}
      />
      <PasswordField
        id={fid('password')}
        label="Password"
        autoComplete="current-password"
        placeholder="Your password"
        error={errors.password?.message}
        disabled={loading}
        {...form.register('password', { onChange: () => clearOnEdit(form, 'password') })}
        labelExtra={
          <button type="button" className="auth-link-button" onClick={onForgotPassword}>
            Forgot password?
          </button>
        }
      />
      <button type="submit" className="btn btn-primary auth-submit" disabled={loading}>
        {loading ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
