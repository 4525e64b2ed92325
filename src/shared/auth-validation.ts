/**
 * The account rules of spec section 5 (Login, Signup account step) and section 9 (limits),
 * as pure functions with the spec's exact messages. Used by the auth islands for inline
 * validation and by functions/auth/auth.ts to enforce the same rules on the server.
 * Every function returns the first failing message, or null when the value is valid.
 */

import type { UserType } from './domain';

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;
const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;
const COMPANY_MIN_LENGTH = 2;
export const COMPANY_MAX_LENGTH = 120;

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordWeak: 'Password is too weak',
  nameRequired: 'Full name is required',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  nameInvalid: 'Name contains invalid characters',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  companyRequired: 'Company or project name is required for creators',
  companyTooShort: 'Company name must be at least 2 characters',
  companyTooLong: `Company name must be at most ${COMPANY_MAX_LENGTH} characters`,
  termsRequired: 'You must accept the terms and conditions to continue',
  userTypeInvalid: 'Account type must be creator, buyer or community',
  credentialsMissing: 'You must provide either an email or phone number and a password',
} as const;

/** The spec's 'simple address pattern': something@something.something, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters (any script), spaces, apostrophe, period, hyphen. */
const NAME_PATTERN = /^[\p{L}\p{M}\s'.-]+$/u;

export function validateEmail(email: string): string | null {
  const value = email.trim();
  if (!value) return AUTH_MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(value)) return AUTH_MESSAGES.emailInvalid;
  return null;
}

/** Login only checks presence: a wrong password is the provider's answer, not a form error. */
export function validateLoginPassword(password: string): string | null {
  return password ? null : AUTH_MESSAGES.passwordRequired;
}

export interface LoginValues {
  email: string;
  password: string;
}
export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const email = validateEmail(values.email);
  const password = validateLoginPassword(values.password);
  if (email) errors.email = email;
  if (password) errors.password = password;
  return errors;
}

/** Library-level guard of spec section 5: both an identifier and a password must be present. */
export function validateCredentialsPresent(email: string | undefined, password: string | undefined): string | null {
  return email?.trim() && password ? null : AUTH_MESSAGES.credentialsMissing;
}

// --- Password strength (five rules; under 2 weak, 2 fair, 3 good, 4 or more strong) ---

export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= 8 },
  { id: 'uppercase', label: 'An uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'A lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'A number', test: (p: string) => /\d/.test(p) },
  { id: 'special', label: 'A special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id'];
export type PasswordStrength = 'weak' | 'fair' | 'good' | 'strong';

export function passwordChecks(password: string): Record<PasswordRuleId, boolean> {
  return Object.fromEntries(PASSWORD_RULES.map((rule) => [rule.id, rule.test(password)])) as Record<PasswordRuleId, boolean>;
}

export function passwordScore(password: string): number {
  return PASSWORD_RULES.filter((rule) => rule.test(password)).length;
}

export function passwordStrength(password: string): PasswordStrength {
  const score = passwordScore(password);
  if (score < 2) return 'weak';
  if (score === 2) return 'fair';
  if (score === 3) return 'good';
  return 'strong';
}

/**
 * Sign-up and reset: required, not weak, 8 to 128 characters. Weak is checked first: any
 * password of 8 or more characters already meets two of the five rules (fair), so only a
 * short one can be weak, and the spec's message is the one it gets.
 */
export function validateNewPassword(password: string): string | null {
  if (!password) return AUTH_MESSAGES.passwordRequired;
  if (passwordStrength(password) === 'weak') return AUTH_MESSAGES.passwordWeak;
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  return null;
}

export function validateConfirmPassword(password: string, confirmPassword: string): string | null {
  if (!confirmPassword) return AUTH_MESSAGES.confirmRequired;
  if (confirmPassword !== password) return AUTH_MESSAGES.passwordsMismatch;
  return null;
}

export function validateName(name: string): string | null {
  const value = name.trim();
  if (!value) return AUTH_MESSAGES.nameRequired;
  if (value.length < NAME_MIN_LENGTH) return AUTH_MESSAGES.nameTooShort;
  if (value.length > NAME_MAX_LENGTH) return AUTH_MESSAGES.nameTooLong;
  if (!NAME_PATTERN.test(value)) return AUTH_MESSAGES.nameInvalid;
  return null;
}

/** Creators need a company or project name; for the other types it is optional. */
export function validateCompany(userType: UserType, company: string): string | null {
  const value = company.trim();
  if (value.length > COMPANY_MAX_LENGTH) return AUTH_MESSAGES.companyTooLong;
  if (userType !== 'creator') return null;
  if (!value) return AUTH_MESSAGES.companyRequired;
  if (value.length < COMPANY_MIN_LENGTH) return AUTH_MESSAGES.companyTooShort;
  return null;
}

export function validateTerms(accepted: boolean): string | null {
  return accepted ? null : AUTH_MESSAGES.termsRequired;
}

// --- Signup form (spec section 3: Signup form data) ---

export interface SignupValues {
  userType: UserType;
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  company: string;
}

export type AccountField = 'name' | 'email' | 'password' | 'confirmPassword';
export type AccountErrors = Partial<Record<AccountField, string>>;

export function validateAccountField(field: AccountField, values: Pick<SignupValues, AccountField>): string | null {
  switch (field) {
    case 'name':
      return validateName(values.name);
    case 'email':
      return validateEmail(values.email);
    case 'password':
      return validateNewPassword(values.password);
    case 'confirmPassword':
      return validateConfirmPassword(values.password, values.confirmPassword);
  }
}

/** Step 2 Continue: every field of the account step. */
export function validateAccountStep(values: Pick<SignupValues, AccountField>): AccountErrors {
  const errors: AccountErrors = {};
  for (const field of ['name', 'email', 'password', 'confirmPassword'] as const) {
    const message = validateAccountField(field, values);
    if (message) errors[field] = message;
  }
  return errors;
}

export type CompleteErrors = Partial<Record<'company' | 'terms', string>>;

/** Step 3 submit: company for creators and the terms. */
export function validateCompleteStep(values: Pick<SignupValues, 'userType' | 'company'>, termsAccepted: boolean): CompleteErrors {
  const errors: CompleteErrors = {};
  const company = validateCompany(values.userType, values.company);
  const terms = validateTerms(termsAccepted);
  if (company) errors.company = company;
  if (terms) errors.terms = terms;
  return errors;
}

/** A post-login destination from a query parameter: same-site paths only, never //host or /\host. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/\p{Cc}/u.test(value)) return null;
  if (value === '/auth' || value.startsWith('/auth?') || value.startsWith('/auth/')) return null;
  return value;
}
