/**
 * The auth forms' zod resolvers, in a module of their own: the forms load it on first
 * validation or when the page has mounted (ui/lazy-resolver.ts, docs/decisions/033), so zod is
 * not part of what /auth loads before it hydrates.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotFormSchema, LoginFormSchema, ResetFormSchema, SignupFormSchema } from './form-schemas';

export const loginResolver = zodResolver(LoginFormSchema);
export const forgotResolver = zodResolver(ForgotFormSchema);
export const resetResolver = zodResolver(ResetFormSchema);
export const signupResolver = zodResolver(SignupFormSchema);
