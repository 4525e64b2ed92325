/**
 * The sign-up wizard (spec sections 4 and 5): Choose Type, Account Info, Complete.
 * - Continue is disabled until a type is chosen; steps cannot be clicked; Back goes down.
 * - Account fields validate on blur, on change once they show an error, and all together
 *   on Continue; the confirmation is re-checked when the password changes.
 * - Complete: creators need a company or project name; the terms must be accepted.
 * - Submit: 'Signup Error' / 'Password Error' / 'Unexpected Error' toasts, or
 *   'Account Created!' and 'Check your email to verify your account', then /onboarding after
 *   1.5 s by a full page load when the new account is signed in. An address that already has
 *   an account gets the same answer and screen but no session (its owner gets an email), so
 *   it stays on that screen (docs/decisions/012).
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  validateAccountField,
  validateAccountStep,
  validateCompany,
  validateCompleteStep,
  validateTerms,
  type AccountErrors,
  type AccountField,
  type CompleteErrors,
  type SignupValues,
} from '../../shared/auth-validation';
import { USER_TYPE_LABELS, USER_TYPES, type UserType } from '../../shared/domain';
import { loadSession } from '../../stores/session';
import { toast } from '../../stores/toasts';
import { signUpEmail } from './auth-client';
import { Field, PasswordField, PasswordStrengthMeter } from './fields';
import { clearOnboardingFlags, onboardingUrl, POST_SIGN_UP_DELAY_MS, replaceLocation } from './redirects';

export const WIZARD_STEPS = ['Choose Type', 'Account Info', 'Complete'] as const;

const TYPE_DESCRIPTIONS: Record<UserType, { title: string; text: string }> = {
  creator: { title: 'Creator', text: 'Sell AI tools, prompts and automations, build your public profile and see your analytics.' },
  buyer: { title: 'Buyer', text: 'Discover and get AI tools and digital products that do the job for you.' },
  community: { title: 'Community', text: 'Join discussions, connect with builders and grow your network.' },
};

interface Props {
  /** A type chosen by the assistant; it preselects the first step. */
  preselectedType: UserType | null;
  redirect: string | null;
}

type FormValues = Omit<SignupValues, 'userType'>;

export function SignupWizard({ preselectedType, redirect }: Props) {
  const [step, setStep] = useState(0);
  const [userType, setUserType] = useState<UserType | null>(preselectedType);
  const [values, setValues] = useState<FormValues>({ name: '', email: '', password: '', confirmPassword: '', company: '' });
  const [accountErrors, setAccountErrors] = useState<AccountErrors>({});
  const [completeErrors, setCompleteErrors] = useState<CompleteErrors>({});
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [loading, setLoading] = useState(false);
  /** The address the verification email went to, once the sign-up was answered. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const firstRender = useRef(true);
  const termsId = useId();

  useEffect(() => {
    if (preselectedType) setUserType(preselectedType);
  }, [preselectedType]);

  // Move focus to the new step's heading (not on first render: the page decides that).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const focusFirstError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  function setAccountError(field: AccountField, message: string | null) {
    setAccountErrors((errors) => {
      const { [field]: _old, ...rest } = errors;
      return message ? { ...rest, [field]: message } : rest;
    });
  }

  function changeAccount(field: AccountField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // On change once an error exists.
    if (accountErrors[field]) setAccountError(field, validateAccountField(field, next));
    // The confirmation follows the password.
    if (field === 'password' && (next.confirmPassword || accountErrors.confirmPassword)) {
      setAccountError('confirmPassword', next.confirmPassword ? validateAccountField('confirmPassword', next) : accountErrors.confirmPassword ?? null);
    }
  }

  function blurAccount(field: AccountField) {
    setAccountError(field, validateAccountField(field, values));
  }

  function changeCompany(value: string) {
    setValues((v) => ({ ...v, company: value }));
    if (completeErrors.company && userType) {
      const message = validateCompany(userType, value);
      setCompleteErrors(({ company: _old, ...rest }) => (message ? { ...rest, company: message } : rest));
    }
  }

  function blurCompany() {
    if (!userType) return;
    const message = validateCompany(userType, values.company);
    setCompleteErrors(({ company: _old, ...rest }) => (message ? { ...rest, company: message } : rest));
  }

  function next(event: SubmitEvent) {
    event.preventDefault();
    if (step === 0) {
      if (userType) setStep(1);
      return;
    }
    if (step === 1) {
      const errors = validateAccountStep(values);
      setAccountErrors(errors);
      if (Object.keys(errors).length) {
        focusFirstError();
        return;
      }
      setStep(2);
      return;
    }
    void submit();
  }

  async function submit() {
    if (!userType || loading) return;
    const errors = validateCompleteStep({ userType, company: values.company }, termsAccepted);
    setCompleteErrors(errors);
    if (Object.keys(errors).length) {
      focusFirstError();
      return;
    }
    if (values.password !== values.confirmPassword) {
      toast({ title: 'Password Error', description: 'Passwords do not match', variant: 'destructive' });
      return;
    }
    setLoading(true);
    try {
      const { error } = await signUpEmail({ fullName: values.name, email: values.email, password: values.password, userType, company: values.company });
      if (error) {
        console.warn('[auth] sign-up refused:', error.code);
        toast({ title: 'Signup Error', description: error.message, variant: 'destructive' });
        setLoading(false);
        return;
      }
      clearOnboardingFlags();
      // The session cookie, not the answer's body, says whether this was a new account.
      const session = await loadSession(true);
      toast({ title: 'Account Created!', description: "Welcome to toolmint! Let's get you set up.", variant: 'success' });
      setSentTo(values.email.trim());
      if (session.status === 'signed-in') replaceLocation(onboardingUrl(redirect), POST_SIGN_UP_DELAY_MS);
      else setLoading(false);
    } catch (error) {
      console.error('[auth] sign-up failed:', error);
      toast({ title: 'Unexpected Error', description: 'Something went wrong. Please try again.', variant: 'destructive' });
      setLoading(false);
    }
  }

  const back = () => setStep((s) => Math.max(0, s - 1));
  const isCreator = userType === 'creator';

  if (sentTo) {
    return (
      <div className="wizard wizard-sent" role="status">
        <p className="wizard-sent-icon" aria-hidden="true">✉</p>
        <h2 className="wizard-heading">Check your email to verify your account</h2>
        <p>
          We sent a message to <strong>{sentTo}</strong>. Open the link in it to verify your address: you need it to publish, buy, review and post.
        </p>
        <p className="muted">
          Nothing arrived? Check your spam folder, or <a href="/auth?mode=login">sign in</a> to send a new link.
        </p>
      </div>
    );
  }

  return (
    <div className="wizard">
      <ol className="wizard-steps" aria-label="Sign-up progress">
        {WIZARD_STEPS.map((label, index) => (
          <li
            key={label}
            className={index === step ? 'current' : index < step ? 'done' : ''}
            aria-current={index === step ? 'step' : undefined}
          >
            <span className="wizard-step-number" aria-hidden="true">
              {index < step ? '✓' : index + 1}
            </span>
            <span className="wizard-step-label">{label}</span>
            <span className="visually-hidden">{index < step ? ' (done)' : index === step ? ' (current step)' : ''}</span>
          </li>
        ))}
      </ol>

      <form ref={formRef} className="auth-form" onSubmit={next} noValidate aria-busy={loading}>
        {step === 0 && (
          <fieldset className="type-choices">
            <legend>
              <h2 ref={headingRef} tabIndex={-1} className="wizard-heading">
                How will you use toolmint?
              </h2>
            </legend>
            {USER_TYPES.map((type) => (
              <label key={type} className={`type-choice${userType === type ? ' selected' : ''}`}>
                <input type="radio" name="userType" value={type} checked={userType === type} onChange={() => setUserType(type)} />
                <span className="type-choice-text">
                  <strong>{TYPE_DESCRIPTIONS[type].title}</strong>
                  <span>{TYPE_DESCRIPTIONS[type].text}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}

        {step === 1 && (
          <>
            <h2 ref={headingRef} tabIndex={-1} className="wizard-heading">
              Account information
            </h2>
            <Field
              label="Full name"
              name="name"
              autoComplete="name"
              placeholder="Ada Lovelace"
              value={values.name}
              error={accountErrors.name}
              onChange={(e) => changeAccount('name', e.target.value)}
              onBlur={() => blurAccount('name')}
            />
            <Field
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              value={values.email}
              error={accountErrors.email}
              onChange={(e) => changeAccount('email', e.target.value)}
              onBlur={() => blurAccount('email')}
            />
            <PasswordField
              label="Password"
              name="password"
              autoComplete="new-password"
              placeholder="At least 8 characters"
              value={values.password}
              error={accountErrors.password}
              onChange={(e) => changeAccount('password', e.target.value)}
              onBlur={() => blurAccount('password')}
              hint={<PasswordStrengthMeter password={values.password} />}
            />
            <PasswordField
              label="Confirm password"
              name="confirmPassword"
              autoComplete="new-password"
              placeholder="Type it again"
              value={values.confirmPassword}
              error={accountErrors.confirmPassword}
              onChange={(e) => changeAccount('confirmPassword', e.target.value)}
              onBlur={() => blurAccount('confirmPassword')}
            />
          </>
        )}

        {step === 2 && userType && (
          <>
            <h2 ref={headingRef} tabIndex={-1} className="wizard-heading">
              Complete your account
            </h2>
            <p className="wizard-summary">
              Signing up as <strong>{USER_TYPE_LABELS[userType]}</strong> with <strong>{values.email.trim()}</strong>
            </p>
            <Field
              label={isCreator ? 'Company or project name' : 'Company or project name (optional)'}
              name="company"
              autoComplete="organization"
              placeholder={isCreator ? 'Your studio, brand or project' : 'Where you work, if you like'}
              value={values.company}
              error={completeErrors.company}
              onChange={(e) => changeCompany(e.target.value)}
              onBlur={blurCompany}
              required={isCreator}
            />
            <div className={`auth-field terms${completeErrors.terms ? ' has-error' : ''}`}>
              <div className="terms-row">
                <input
                  id={termsId}
                  type="checkbox"
                  checked={termsAccepted}
                  aria-invalid={completeErrors.terms ? true : undefined}
                  aria-describedby={completeErrors.terms ? `${termsId}-error` : undefined}
                  onChange={(e) => {
                    setTermsAccepted(e.target.checked);
                    if (completeErrors.terms) {
                      const message = validateTerms(e.target.checked);
                      setCompleteErrors(({ terms: _old, ...rest }) => (message ? { ...rest, terms: message } : rest));
                    }
                  }}
                />
                <label htmlFor={termsId}>
                  I agree to the{' '}
                  <a href="/terms" target="_blank" rel="noopener">
                    Terms of Service
                  </a>{' '}
                  and the{' '}
                  <a href="/privacy" target="_blank" rel="noopener">
                    Privacy Policy
                  </a>
                </label>
              </div>
              {completeErrors.terms && (
                <p id={`${termsId}-error`} className="auth-error" role="alert">
                  {completeErrors.terms}
                </p>
              )}
            </div>
          </>
        )}

        <div className="wizard-actions">
          {step > 0 && (
            <button type="button" className="btn btn-secondary" onClick={back} disabled={loading}>
              Back
            </button>
          )}
          <button type="submit" className="btn btn-primary auth-submit" disabled={(step === 0 && !userType) || loading}>
            {step < 2 ? 'Continue' : loading ? 'Creating account...' : 'Create Account'}
          </button>
        </div>
      </form>
    </div>
  );
}
