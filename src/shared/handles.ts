/**
 * Handles: a profile's public address /@handle (issue 15, docs/decisions/032). The rules the
 * settings form and the server share (3 to 30 of a-z, 0-9, _ and -, stored lower-case, a few
 * reserved words refused), the suggestion offered from a name, and the one place that builds a
 * profile's URL: /@handle when there is one, /profile/{id} otherwise. Isomorphic, no imports.
 */

const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 30;
export const HANDLE_PATTERN = /^[a-z0-9_-]{3,30}$/;

/**
 * Words a handle may not be: the site's own sections and names people would take for staff.
 * Compared lower-case; a handle is reserved when it equals one of these.
 */
const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'api',
  'app',
  'auth',
  'billing',
  'blog',
  'checkout',
  'community',
  'dashboard',
  'developers',
  'earnings',
  'followers',
  'help',
  'library',
  'login',
  'logout',
  'marketplace',
  'me',
  'moderator',
  'null',
  'official',
  'onboarding',
  'privacy',
  'product',
  'products',
  'profile',
  'reviews',
  'root',
  'sales',
  'security',
  'settings',
  'signin',
  'signup',
  'staff',
  'support',
  'system',
  'terms',
  'tool-updates',
  'toolmint',
  'tools',
  'undefined',
]);

export const HANDLE_MESSAGES = {
  required: 'Choose a handle',
  length: `A handle is ${HANDLE_MIN_LENGTH} to ${HANDLE_MAX_LENGTH} characters long`,
  characters: 'A handle may only use letters a-z, digits, _ and -',
  reserved: 'This handle is reserved. Please choose another one.',
  taken: 'This handle is already taken',
} as const;

/** How a handle is stored: trimmed, without a leading @, lower-case. */
export function normalizeHandle(value: string): string {
  return value.trim().replace(/^@/, '').toLowerCase();
}

/** The message for a (normalized) handle that breaks a rule, or null. Taken is the server's to say. */
export function handleProblem(handle: string): string | null {
  if (!handle) return HANDLE_MESSAGES.required;
  if (handle.length < HANDLE_MIN_LENGTH || handle.length > HANDLE_MAX_LENGTH) return HANDLE_MESSAGES.length;
  if (!HANDLE_PATTERN.test(handle)) return HANDLE_MESSAGES.characters;
  if (RESERVED_HANDLES.has(handle)) return HANDLE_MESSAGES.reserved;
  return null;
}

/** A handle suggested from a name ('Ada Lovelace' -> 'ada-lovelace'); the server adds a number when it is taken. */
export function suggestHandle(name: string | null | undefined): string {
  const base = (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, HANDLE_MAX_LENGTH - 4)
    .replace(/-+$/g, '');
  const padded = base.length >= HANDLE_MIN_LENGTH ? base : `${base || 'user'}-tm`.replace(/^-/, '');
  return RESERVED_HANDLES.has(padded) ? `${padded}-1` : padded;
}

/** A profile's public URL: /@handle when it has one, else /profile/{id}. */
export function profileUrl(profile: { id: string; handle?: string | null }): string {
  return profile.handle ? `/@${profile.handle}` : `/profile/${encodeURIComponent(profile.id)}`;
}
