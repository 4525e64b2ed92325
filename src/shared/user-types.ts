/**
 * The three account types (spec section 6). A module of its own so the header's script
 * (via src/shared/session.ts) does not pull in the form rules.
 */
export const USER_TYPES = ['creator', 'buyer', 'community'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const DEFAULT_USER_TYPE: UserType = 'buyer';

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}
