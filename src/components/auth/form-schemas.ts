/**
 * The zod schemas of the auth forms (docs/decisions/019), built from the account rules of
 * src/shared/auth-validation.ts (spec section 5), which the server applies too: each schema
 * reports exactly those functions' messages, so the forms, the unit tests and the server
 * agree word for word.
 */
import {
  validateAccountStep,
  validateCompleteStep,
  validateConfirmPassword,
  validateEmail,
  validateLogin,
  validateNewPassword,
  type LoginValues,
  type SignupValues,
} from '@/src/shared/auth-validation';
import type { UserType } from '@/src/shared/domain';
import { rulesSchema } from '@/src/shared/form-schema';

export const LoginFormSchema = rulesSchema<LoginValues>(validateLogin);

export interface ForgotValues {
  email: string;
}
export const ForgotFormSchema = rulesSchema<ForgotValues>((v) => ({ email: validateEmail(v.email) }));

export interface ResetValues {
  password: string;
  confirmPassword: string;
}
export const ResetFormSchema = rulesSchema<ResetValues>((v) => ({
  password: validateNewPassword(v.password),
  confirmPassword: validateConfirmPassword(v.password, v.confirmPassword),
}));

/** The wizard's values: the type is '' until one is chosen; `terms` is the final checkbox. */
export interface SignupFormValues extends Omit<SignupValues, 'userType'> {
  userType: UserType | '';
  terms: boolean;
}
/** Step 2's fields always; step 3's once a type is chosen (creators need a company). */
export const SignupFormSchema = rulesSchema<SignupFormValues>((v) => ({
  ...validateAccountStep(v),
  ...(v.userType ? validateCompleteStep({ userType: v.userType, company: v.company }, v.terms) : {}),
}));

// Account settings (/settings/account, docs/decisions/032).

export interface ChangePasswordValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}
export const ChangePasswordFormSchema = rulesSchema<ChangePasswordValues>((v) => ({
  currentPassword: v.currentPassword ? null : 'Enter your current password',
  password: validateNewPassword(v.password),
  confirmPassword: validateConfirmPassword(v.password, v.confirmPassword),
}));

export interface ChangeEmailValues {
  email: string;
}
export const ChangeEmailFormSchema = rulesSchema<ChangeEmailValues>((v) => ({ email: validateEmail(v.email) }));

export interface DeleteAccountValues {
  password: string;
}
export const DeleteAccountFormSchema = rulesSchema<DeleteAccountValues>((v) => ({ password: v.password ? null : 'Enter your password to confirm' }));
