import { describe, expect, it } from 'vitest';
import { isUserType } from '@/src/shared/domain';
import {
  AUTH_MESSAGES,
  passwordChecks,
  passwordScore,
  passwordStrength,
  safeRedirectPath,
  validateAccountField,
  validateAccountStep,
  validateCompany,
  validateCompleteStep,
  validateConfirmPassword,
  validateCredentialsPresent,
  validateEmail,
  validateLogin,
  validateLoginPassword,
  validateName,
  validateNewPassword,
  validateTerms,
} from '@/src/shared/auth-validation';

describe('login (spec section 5)', () => {
  it("requires the email: 'Email is required'", () => {
    expect(validateEmail('')).toBe('Email is required');
    expect(validateEmail('   ')).toBe('Email is required');
  });

  it.each(['plainaddress', 'no-at.example.com', 'a@b', 'a b@c.de', '@example.com', 'ada@', 'ada@example.'])(
    "refuses %s: 'Please enter a valid email address'",
    (email) => expect(validateEmail(email)).toBe('Please enter a valid email address'),
  );

  it.each(['ada@example.com', 'ADA.LOVELACE+tools@mail.example.co.uk', ' ada@example.com '])('accepts %s', (email) => {
    expect(validateEmail(email)).toBeNull();
  });

  it("requires the password: 'Password is required', whatever its strength", () => {
    expect(validateLoginPassword('')).toBe('Password is required');
    expect(validateLoginPassword('x')).toBeNull();
  });

  it('validates both fields at once', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateLogin({ email: 'bad', password: 'x' })).toEqual({ email: 'Please enter a valid email address' });
    expect(validateLogin({ email: 'ada@example.com', password: 'x' })).toEqual({});
  });

  it("has the library-level guard: 'You must provide either an email or phone number and a password'", () => {
    expect(validateCredentialsPresent('', 'secret')).toBe('You must provide either an email or phone number and a password');
    expect(validateCredentialsPresent('ada@example.com', '')).toBe(AUTH_MESSAGES.credentialsMissing);
    expect(validateCredentialsPresent(undefined, undefined)).toBe(AUTH_MESSAGES.credentialsMissing);
    expect(validateCredentialsPresent('ada@example.com', 'secret')).toBeNull();
  });
});

describe('password strength: five rules, under 2 weak, 2 fair, 3 good, 4 or more strong', () => {
  it('checks each rule on its own', () => {
    expect(passwordChecks('')).toEqual({ length: false, uppercase: false, lowercase: false, digit: false, special: false });
    expect(passwordChecks('abcdefgh')).toEqual({ length: true, uppercase: false, lowercase: true, digit: false, special: false });
    expect(passwordChecks('A')).toMatchObject({ uppercase: true });
    expect(passwordChecks('7')).toMatchObject({ digit: true });
    expect(passwordChecks('#')).toMatchObject({ special: true });
    expect(passwordChecks(' ')).toMatchObject({ special: true });
    expect(passwordChecks('1234567')).toMatchObject({ length: false });
    expect(passwordChecks('12345678')).toMatchObject({ length: true });
  });

  it.each([
    ['', 0, 'weak'],
    ['abc', 1, 'weak'],
    ['abcdefgh', 2, 'fair'],
    ['abcD', 2, 'fair'],
    ['abcdefg1', 3, 'good'],
    ['abcD1', 3, 'good'],
    ['abcdefG1', 4, 'strong'],
    ['aB1!', 4, 'strong'],
    ['Str0ng!pass', 5, 'strong'],
  ] as const)('%j scores %i: %s', (password, score, level) => {
    expect(passwordScore(password)).toBe(score);
    expect(passwordStrength(password)).toBe(level);
  });
});

describe('signup account step (spec section 5)', () => {
  it.each([
    ['', 'Full name is required'],
    ['   ', 'Full name is required'],
    ['A', 'Name must be at least 2 characters'],
    [' A ', 'Name must be at least 2 characters'],
    ['Ada 2', 'Name contains invalid characters'],
    ['Ada_Lovelace', 'Name contains invalid characters'],
    ['Ada <b>', 'Name contains invalid characters'],
    ['x'.repeat(101), 'Name must be at most 100 characters'],
  ])('name %j: %s', (name, message) => expect(validateName(name)).toBe(message));

  it.each(['Ada Lovelace', "Conan O'Brien", 'Mary-Jane Watson', 'J. R. R. Tolkien', 'José Núñez', 'Zoë', 'Ng'])('accepts the name %j', (name) => {
    expect(validateName(name)).toBeNull();
  });

  it("password: required, 'Password is too weak' when weak, 8 to 128 characters", () => {
    expect(validateNewPassword('')).toBe('Password is required');
    expect(validateNewPassword('abc')).toBe('Password is too weak');
    expect(validateNewPassword('abcdefg')).toBe('Password is too weak');
    expect(validateNewPassword('Ab1!xyz')).toBe('Password must be at least 8 characters');
    expect(validateNewPassword(`Aa1!${'x'.repeat(125)}`)).toBe('Password must be at most 128 characters');
    expect(validateNewPassword(`Aa1!${'x'.repeat(124)}`)).toBeNull();
    expect(validateNewPassword('abcdefgh')).toBeNull();
    expect(validateNewPassword('Str0ng!pass')).toBeNull();
  });

  it("confirm: 'Please confirm your password', then 'Passwords do not match'", () => {
    expect(validateConfirmPassword('Str0ng!pass', '')).toBe('Please confirm your password');
    expect(validateConfirmPassword('Str0ng!pass', 'Str0ng!pas')).toBe('Passwords do not match');
    expect(validateConfirmPassword('Str0ng!pass', 'Str0ng!pass')).toBeNull();
  });

  it('validates one field, re-checking confirm against the current password', () => {
    const values = { name: 'Ada', email: 'ada@example.com', password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' };
    expect(validateAccountField('confirmPassword', values)).toBeNull();
    expect(validateAccountField('confirmPassword', { ...values, password: 'Changed!pass1' })).toBe('Passwords do not match');
  });

  it('validates the whole step on Continue', () => {
    expect(validateAccountStep({ name: '', email: '', password: '', confirmPassword: '' })).toEqual({
      name: 'Full name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(validateAccountStep({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' })).toEqual({});
  });
});

describe('signup final step (spec section 5)', () => {
  it('creators need a company or project name of at least 2 characters', () => {
    expect(validateCompany('creator', '')).toBe('Company or project name is required for creators');
    expect(validateCompany('creator', '   ')).toBe('Company or project name is required for creators');
    expect(validateCompany('creator', 'X')).toBe('Company name must be at least 2 characters');
    expect(validateCompany('creator', 'XY')).toBeNull();
  });

  it('buyers and community members may leave it empty', () => {
    expect(validateCompany('buyer', '')).toBeNull();
    expect(validateCompany('community', '')).toBeNull();
    expect(validateCompany('buyer', 'x'.repeat(121))).toBe('Company name must be at most 120 characters');
  });

  it("terms: 'You must accept the terms and conditions to continue'", () => {
    expect(validateTerms(false)).toBe('You must accept the terms and conditions to continue');
    expect(validateTerms(true)).toBeNull();
  });

  it('validates the step as a whole', () => {
    expect(validateCompleteStep({ userType: 'creator', company: '' }, false)).toEqual({
      company: 'Company or project name is required for creators',
      terms: 'You must accept the terms and conditions to continue',
    });
    expect(validateCompleteStep({ userType: 'buyer', company: '' }, true)).toEqual({});
  });
});

describe('user types', () => {
  it('accepts creator, buyer and community only', () => {
    expect(['creator', 'buyer', 'community'].every(isUserType)).toBe(true);
    expect(isUserType('admin')).toBe(false);
    expect(isUserType('Creator')).toBe(false);
    expect(isUserType(undefined)).toBe(false);
  });
});

describe('safeRedirectPath', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirectPath('/dashboard')).toBe('/dashboard');
    expect(safeRedirectPath('/products?edit=42')).toBe('/products?edit=42');
  });
  it.each([null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'dashboard', '/auth?mode=login', '/auth/reset-password', '/x\n'])(
    'drops %j',
    (value) => expect(safeRedirectPath(value)).toBeNull(),
  );
});
