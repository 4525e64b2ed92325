/**
 * Tool updates and notifications (spec sections 3, 8 and 9): the update types' badge colours
 * (the types and labels are src/shared/domain.ts) and the post form's limits. The public
 * shapes the API answers with are derived in src/shared/api/schemas/updates.ts, which also
 * holds the post rules the form and the server share. Isomorphic and dependency-free.
 */
import type { UpdateType } from './domain';

/** Spec section 9: feature green, announcement blue, bug_fix yellow, security red (other neutral). */
export const UPDATE_TYPE_TONES: Record<UpdateType, 'green' | 'blue' | 'yellow' | 'red' | 'neutral'> = {
  feature: 'green',
  announcement: 'blue',
  bug_fix: 'yellow',
  security: 'red',
  other: 'neutral',
};

export const UPDATE_TITLE_MIN = 5;
export const UPDATE_TITLE_MAX = 200;
export const UPDATE_CONTENT_MIN = 20;
export const UPDATE_CONTENT_MAX = 5000;
export const UPDATE_VERSION_MAX = 40;
/** Spec section 7: updates are read 10 at a time by default. */
export const UPDATES_PAGE_SIZE = 10;
export const NOTIFICATIONS_PAGE_SIZE = 20;
