// ---------------------------------------------------------------------------
// Accounts (spec section 6)
// ---------------------------------------------------------------------------

export { isUserType, USER_TYPE_LABELS, USER_TYPES, type UserType } from '../user-types';

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ONBOARDING_STATUSES = ['pending', 'completed', 'skipped'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];
