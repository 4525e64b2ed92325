/**
 * Account types (spec section 6), on their own so that the site shell's session store can check
 * one without bringing every enum of domain.ts into the JavaScript of every page: the stores are
 * one browser chunk with everything they import (astro.config.mjs). domain.ts re-exports these.
 */
export const USER_TYPES = ['creator', 'buyer', 'community'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_TYPE_LABELS: Record<UserType, string> = { creator: 'Creator', buyer: 'Buyer', community: 'Community' };
export const DEFAULT_USER_TYPE: UserType = 'buyer';
export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}
