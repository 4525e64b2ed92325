/**
 * The auth forms' zod resolvers, in a module of their own: the forms load it on first
 * validation or when the page has mounted (ui/lazy-resolver.ts, docs/decisions/033), so zod is
 * not part of what /auth loads before it hydrates.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { LoginValues } from '@/src/shared/auth-validation';
import {
  ForgotFormSchema,
  LoginFormSchema,
  ResetFormSchema,
  SignupFormSchema,
  type ForgotValues,
  type ResetValues,
  type SignupFormValues,
} from './form-schemas';

export const loginResolver: Resolver<LoginValues> = zodResolver(LoginFormSchema);
export const forgotResolver: Resolver<ForgotValues> = zodResolver(ForgotFormSchema);
export const resetResolver: Resolver<ResetValues> = zodResolver(ResetFormSchema);
export const signupResolver: Resolver<SignupFormValues> = zodResolver(SignupFormSchema);
