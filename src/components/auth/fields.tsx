/**
 * Form primitives of the auth islands: a labelled input on the shared FormField (label,
 * aria-invalid, aria-describedby, the error announced as it appears) in the auth card's
 * style, the email input, a password input with a show/hide toggle, and the strength meter.
 */
import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { PASSWORD_RULES, passwordChecks, passwordStrength, type PasswordStrength } from '@/src/shared/auth-validation';
import { FormField, type FieldStyles } from '../ui/FormField';

export const AUTH_FIELD_STYLES: FieldStyles = {
  field: 'auth-field',
  invalid: 'has-error',
  labelRow: 'auth-label-row',
  hint: 'auth-hint',
  error: 'auth-error',
  alertErrors: true,
};

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered after the input inside its wrapper (a toggle button). */
  adornment?: ReactNode;
  labelExtra?: ReactNode;
  /** The input element (react-hook-form's register passes it). */
  ref?: Ref<HTMLInputElement>;
}

export function Field({ label, error, hint, adornment, labelExtra, id, ...input }: FieldProps) {
  return (
    <FormField label={label} styles={AUTH_FIELD_STYLES} error={error} hint={hint} labelExtra={labelExtra} id={id}>
      {(control) => (
        <div className="auth-input-wrap">
          <input className="auth-input" {...control} {...input} />
          {adornment}
        </div>
      )}
    </FormField>
  );
}

/** The email input of every auth form (login, sign-up, forgot password): its type, autofill and keyboard. */
export function EmailField({
  label = 'Email',
  ...props
}: Omit<FieldProps, 'type' | 'autoComplete' | 'inputMode' | 'placeholder' | 'label'> & { label?: string }) {
  return <Field label={label} type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...props} />;
}

type PasswordFieldProps = Omit<FieldProps, 'type' | 'adornment'>;

export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      adornment={
        <button
          type="button"
          className="auth-input-toggle"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
          aria-pressed={visible}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}

const STRENGTH_LABELS: Record<PasswordStrength, string> = { weak: 'Weak', fair: 'Fair', good: 'Good', strong: 'Strong' };
const STRENGTH_BARS: Record<PasswordStrength, number> = { weak: 1, fair: 2, good: 3, strong: 4 };

/** Weak, fair, good or strong from the five rules, with the rules as a checklist. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const level = passwordStrength(password);
  const checks = passwordChecks(password);
  return (
    <div className={`strength strength-${level}`} data-strength={level}>
      <div className="strength-bars" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={bar <= STRENGTH_BARS[level] ? 'on' : ''} />
        ))}
      </div>
      <p className="strength-label" aria-live="polite">
        Password strength: <strong>{STRENGTH_LABELS[level]}</strong>
      </p>
      <ul className="strength-rules">
        {PASSWORD_RULES.map((rule) => (
          <li key={rule.id} className={checks[rule.id] ? 'met' : ''}>
            <span aria-hidden="true">{checks[rule.id] ? '✓' : '○'}</span> {rule.label}
            <span className="visually-hidden">{checks[rule.id] ? ' (met)' : ' (not met)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span className="auth-spinner" role={label ? 'status' : undefined} aria-label={label}>
      <span aria-hidden="true" />
    </span>
  );
}
