/**
 * Form primitives of the auth islands: a labelled field with its error (aria-invalid,
 * aria-describedby), a password input with a show/hide toggle, and the strength meter.
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { PASSWORD_RULES, passwordChecks, passwordStrength, type PasswordStrength } from '../../shared/auth-validation';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered after the input inside its wrapper (a toggle button). */
  adornment?: ReactNode;
  labelExtra?: ReactNode;
}

export function Field({ label, error, hint, adornment, labelExtra, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`auth-field${error ? ' has-error' : ''}`}>
      <div className="auth-label-row">
        <label htmlFor={id}>{label}</label>
        {labelExtra}
      </div>
      <div className="auth-input-wrap">
        <input id={id} className="auth-input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        {adornment}
      </div>
      {hint && (
        <div id={hintId} className="auth-hint">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="auth-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
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
