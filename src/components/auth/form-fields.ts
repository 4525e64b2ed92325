/** The sign-up wizard's account step (step 2): the fields checked together on Continue. Apart from form-schemas.ts so the wizard reads it without loading zod. */
export const ACCOUNT_FIELDS = ['name', 'email', 'password', 'confirmPassword'] as const;
