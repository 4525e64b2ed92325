/**
 * The signed-in user as the app sees it (spec section 3, User: id, email, user_metadata
 * full_name, user_type, company, and whether the email is verified). Isomorphic: the server maps better-auth's user row with
 * toSessionUser for Astro.locals, the client maps the /api/auth/get-session answer with it
 * for the $session store, so both sides hold the same shape.
 */
import { DEFAULT_USER_TYPE, isUserType, type UserType } from './user-types';

export interface SessionUser {
  id: string;
  email: string;
  /** better-auth's required name; the same as fullName for email sign-ups. */
  name: string;
  fullName: string | null;
  userType: UserType;
  company: string | null;
  image: string | null;
  /** The address was confirmed through the emailed link (better-auth's emailVerified). */
  emailVerified: boolean;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/** Maps a better-auth user object (snake_case additional fields) to a SessionUser. */
export function toSessionUser(raw: unknown): SessionUser | null {
  if (!raw || typeof raw !== 'object') return null;
  const user = raw as Record<string, unknown>;
  const id = str(user['id']);
  const email = str(user['email']);
  if (!id || !email) return null;
  // better-auth answers with snake_case additional fields; a SessionUser maps onto itself.
  const userType = user['user_type'] ?? user['userType'];
  return {
    id,
    email,
    name: str(user['name']) ?? '',
    fullName: str(user['full_name']) ?? str(user['fullName']),
    userType: isUserType(userType) ? userType : DEFAULT_USER_TYPE,
    company: str(user['company']),
    image: str(user['image']),
    // better-auth answers emailVerified; a raw users row has email_verified.
    emailVerified: (user['emailVerified'] ?? user['email_verified']) === true,
  };
}

/** The full name, else the account name, else 'User' (spec section 2, mobile sheet). */
export function displayName(user: Pick<SessionUser, 'fullName' | 'name'> | null | undefined): string {
  return user?.fullName?.trim() || user?.name?.trim() || 'User';
}

/** The avatar initial of the header user menu. */
export function userInitial(user: Pick<SessionUser, 'fullName' | 'name' | 'email'> | null | undefined): string {
  const source = user?.fullName?.trim() || user?.name?.trim() || user?.email || 'U';
  return (Array.from(source)[0] ?? 'U').toUpperCase();
}
