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
 * One react-hook-form form holds the three steps (values survive Back); its zod schema
 * reports the rules of src/shared/auth-validation.ts.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { useStepFocus } from '../ui/use-step-focus';
import { useForm, useWatch } from 'react-hook-form';
import { USER_TYPE_LABELS, USER_TYPES, type UserType } from '@/src/shared/domain';
import { toast } from '@/src/stores/toasts';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { errorList, revalidateIfInvalid } from '../ui/form-state';
import { useApiMutation } from '../hooks/use-api';
import { signUpEmail, toastUnexpectedError } from './auth-client';
import { AUTH_FIELD_STYLES, EmailField, Field, PasswordField, PasswordStrengthMeter } from './fields';
import type { SignupFormValues } from './form-schemas';
import { ACCOUNT_FIELDS } from './form-fields';
import { signupValidation } from './auth-resolvers';
import { clearOnboardingFlags } from './redirects';

const WIZARD_STEPS = ['Choose Type', 'Account Info', 'Complete'] as const;

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

/** The terms checkbox: the box before its label, in the auth card's style. */
const TERMS_STYLES: FieldStyles = { ...AUTH_FIELD_STYLES, field: 'auth-field terms', controlFirst: 'terms-row' };

const FIELD_LABELS: Record<Exclude<keyof SignupFormValues, 'userType'>, string> = {
  name: 'Full name',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
  company: 'Company or project name',
  terms: 'Terms and conditions',
};

export function SignupWizard({ preselectedType, redirect }: Props) {
  const [step, setStep] = useState(0);
  const form = useForm<SignupFormValues>({
    resolver: signupValidation.resolver,
    defaultValues: { userType: preselectedType ?? '', name: '', email: '', password: '', confirmPassword: '', company: '', terms: false },
    // On blur, then on change once an error shows (revalidateIfInvalid); all of a step on Continue.
    mode: 'onBlur',
    reValidateMode: 'onBlur',
  });
  const { errors } = form.formState;
  const [userType, password, email] = useWatch({ control: form.control, name: ['userType', 'password', 'email'] });
  /** The address the verification email went to, once the sign-up was answered. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingRef = useStepFocus<HTMLHeadingElement>(step);
  const uid = useId();
  const fid = (name: keyof SignupFormValues) => `${uid}-${name}`;

  useEffect(() => {
    if (preselectedType) form.setValue('userType', preselectedType);
  }, [form, preselectedType]);

  /** The confirmation follows the password once it has been typed or shows an error. */
  function passwordChanged() {
    revalidateIfInvalid(form, 'password');
    if (form.getValues('confirmPassword') || form.getFieldState('confirmPassword').invalid) void form.trigger('confirmPassword');
  }

  async function next(event: SubmitEvent) {
    event.preventDefault();
    if (step === 0) {
      if (userType) setStep(1);
      return;
    }
    if (step === 1) {
      if (await form.trigger([...ACCOUNT_FIELDS], { shouldFocus: true })) setStep(2);
      return;
    }
    await form.handleSubmit(submit)();
  }

  // better-auth's route: its refusal is an answer ({ error }); a throw is the network or a bug.
  const signUp = useApiMutation(
    async (_signal, values: SignupFormValues & { userType: UserType }) =>
      signUpEmail({ fullName: values.name, email: values.email, password: values.password, userType: values.userType, company: values.company }),
    {
      onSuccess: ({ error }, values) => {
        if (error) {
          console.warn('[auth] sign-up refused:', error.code);
          toast({ title: 'Signup Error', description: error.message, variant: 'destructive' });
          return;
        }
        clearOnboardingFlags();
        // The same answer for a new address and a taken one, and no session for either: the
        // emailed link (or signing in) starts it (docs/decisions/053).
        toast({ title: 'Account Created!', description: "Welcome to toolmint! Let's get you set up.", variant: 'success' });
        setSentTo(values.email.trim());
      },
      onError: toastUnexpectedError,
    },
  );
  const loading = signUp.busy;

  async function submit(values: SignupFormValues) {
    if (!values.userType || loading) return;
    if (values.password !== values.confirmPassword) {
      toast({ title: 'Password Error', description: 'Passwords do not match', variant: 'destructive' });
      return;
    }
    await signUp.run({ ...values, userType: values.userType });
  }

  const back = () => setStep((s) => Math.max(0, s - 1));
  const isCreator = userType === 'creator';

  if (sentTo) {
    const signInUrl = redirect ? `/auth?mode=login&redirect=${encodeURIComponent(redirect)}` : '/auth?mode=login';
    return (
      <div className="wizard wizard-sent" role="status">
        <p className="wizard-sent-icon" aria-hidden="true">
          ✉
        </p>
        <h2 className="wizard-heading">Check your email to verify your account</h2>
        <p>
          We sent a message to <strong>{sentTo}</strong>. Open the link in it to verify your address and sign in: you need a verified address to publish, buy,
          review and post.
        </p>
        <p className="muted">
          Nothing arrived? Check your spam folder, or <a href={signInUrl}>sign in</a> with your password to continue and send a new link.
        </p>
      </div>
    );
  }

  return (
    <div className="wizard">
      <ol className="wizard-steps" aria-label="Sign-up progress">
        {WIZARD_STEPS.map((label, index) => (
          <li key={label} className={index === step ? 'current' : index < step ? 'done' : ''} aria-current={index === step ? 'step' : undefined}>
            <span className="wizard-step-number" aria-hidden="true">
              {index < step ? '✓' : index + 1}
            </span>
            <span className="wizard-step-label">{label}</span>
            <span className="visually-hidden">{index < step ? ' (done)' : index === step ? ' (current step)' : ''}</span>
          </li>
        ))}
      </ol>

      <form className="auth-form" onSubmit={(event) => void next(event)} noValidate aria-busy={loading}>
        <ErrorSummary
          items={errorList(errors)
            .filter(([name]) => name !== 'userType')
            .map(([name]) => ({ target: fid(name as keyof SignupFormValues), label: FIELD_LABELS[name as keyof typeof FIELD_LABELS] }))}
        />
        {step === 0 && (
          <fieldset className="type-choices">
            <legend>
              <h2 ref={headingRef} tabIndex={-1} className="wizard-heading">
                How will you use toolmint?
              </h2>
            </legend>
            {USER_TYPES.map((type) => (
              <label key={type} className={`type-choice${userType === type ? ' selected' : ''}`}>
                <input type="radio" name="userType" value={type} checked={userType === type} onChange={() => form.setValue('userType', type)} />
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
              id={fid('name')}
              label={FIELD_LABELS.name}
              autoComplete="name"
              placeholder="Ada Lovelace"
              error={errors.name?.message}
              {...form.register('name', { onChange: () => revalidateIfInvalid(form, 'name') })}
            />
            <EmailField
              id={fid('email')}
              label={FIELD_LABELS.email}
              error={errors.email?.message}
              {...form.register('email', { onChange: () => revalidateIfInvalid(form, 'email') })}
            />
            <PasswordField
              id={fid('password')}
              label={FIELD_LABELS.password}
              autoComplete="new-password"
              placeholder="At least 8 characters"
              error={errors.password?.message}
              hint={<PasswordStrengthMeter password={password} />}
              {...form.register('password', { onChange: passwordChanged })}
            />
            <PasswordField
              id={fid('confirmPassword')}
              label={FIELD_LABELS.confirmPassword}
              autoComplete="new-password"
              placeholder="Type it again"
              error={errors.confirmPassword?.message}
              {...form.register('confirmPassword', { onChange: () => revalidateIfInvalid(form, 'confirmPassword') })}
            />
          </>
        )}

        {step === 2 && userType && (
          <>
            <h2 ref={headingRef} tabIndex={-1} className="wizard-heading">
              Complete your account
            </h2>
            <p className="wizard-summary">
              Signing up as <strong>{USER_TYPE_LABELS[userType]}</strong> with <strong>{email.trim()}</strong>
            </p>
            <Field
              id={fid('company')}
              label={isCreator ? FIELD_LABELS.company : `${FIELD_LABELS.company} (optional)`}
              autoComplete="organization"
              placeholder={isCreator ? 'Your studio, brand or project' : 'Where you work, if you like'}
              error={errors.company?.message}
              required={isCreator}
              {...form.register('company', { onChange: () => revalidateIfInvalid(form, 'company') })}
            />
            <FormField
              id={fid('terms')}
              styles={TERMS_STYLES}
              error={errors.terms?.message}
              label={
                <>
                  I agree to the{' '}
                  <a href="/terms" target="_blank" rel="noopener">
                    Terms of Service
                  </a>{' '}
                  and the{' '}
                  <a href="/privacy" target="_blank" rel="noopener">
                    Privacy Policy
                  </a>
                </>
              }
            >
              {(control) => <input type="checkbox" {...control} {...form.register('terms', { onChange: () => revalidateIfInvalid(form, 'terms') })} />}
            </FormField>
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
