/**
 * Login (spec section 5): email required and well formed, password required; errors shown
 * on submit and cleared on edit; 'Signing in...' while the request runs; 'Login Error' toast
 * with the server's message (the same for an unknown email and a wrong password).
 */
import { useRef, useState, type SubmitEvent } from 'react';
import { validateLogin, type LoginErrors, type LoginValues } from '../../shared/auth-validation';
import { toast } from '../../stores/toasts';
import { signInEmail, type AuthUserPayload } from './auth-client';
import { Field, PasswordField } from './fields';

interface Props {
  onSignedIn(user: AuthUserPayload): void;
  onForgotPassword(): void;
}

export function LoginForm({ onSignedIn, onForgotPassword }: Props) {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [loading, setLoading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const update = (field: keyof LoginValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (loading) return;
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length) {
      formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setLoading(true);
    try {
      const { data, error } = await signInEmail(values.email, values.password);
      if (error) {
        console.warn('[auth] sign-in refused:', error.code);
        toast({ title: 'Login Error', description: error.message, variant: 'destructive' });
        setLoading(false);
        return;
      }
      // Stays 'Signing in...' until the redirect.
      onSignedIn(data.user);
    } catch (error) {
      console.error('[auth] sign-in failed:', error);
      toast({ title: 'Unexpected Error', description: 'Something went wrong. Please try again.', variant: 'destructive' });
      setLoading(false);
    }
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
        value={values.email}
        error={errors.email}
        onChange={(e) => update('email', e.target.value)}
        disabled={loading}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        placeholder="Your password"
        value={values.password}
        error={errors.password}
        onChange={(e) => update('password', e.target.value)}
        disabled={loading}
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
