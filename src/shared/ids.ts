/**
 * The shapes of the ids and cursor parts that reach database queries from URLs: product,
 * notification and other row ids are UUIDs, user ids are better-auth's (random letters and
 * digits, or the seed's 'demo-<name>'), tool ids are slugs. A value of another shape never
 * reaches a query (functions/_shared/http.ts parses path ids with these), so PostgreSQL never
 * sees a NUL or a non-uuid where it expects one.
 */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const TOOL_ID_PATTERN = /^[a-z0-9-]{1,60}$/;
/** A checkout session id: Stripe's `cs_test_…` / `cs_live_…`, or the local provider's `cs_test_…`. */
export const CHECKOUT_SESSION_ID_PATTERN = /^cs_[A-Za-z0-9_]{1,250}$/;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);
export const isUserId = (value: unknown): value is string => typeof value === 'string' && USER_ID_PATTERN.test(value);
export const isToolId = (value: unknown): value is string => typeof value === 'string' && TOOL_ID_PATTERN.test(value);
/** API key ids are better-auth's too (its API key plugin): the shape of a user id. */
export const isApiKeyId = (value: unknown): value is string => isUserId(value);

/**
 * A timestamp as PostgreSQL prints timestamptz (`2026-11-21 10:00:00.123456+00`) or as ISO
 * 8601 (`2026-11-21T10:00:00.123Z`): strict, so that a value that passes is one PostgreSQL
 * accepts (Date.parse alone takes '1', 'Feb 30' and years PostgreSQL refuses).
 */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-](\d{2})(?::?(\d{2}))?)$/;

export function isTimestampText(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const offsetHours = m[9] === undefined ? 0 : Number(m[9]);
  const offsetMinutes = m[10] === undefined ? 0 : Number(m[10]);
  if (year < 1 || hour > 23 || minute > 59 || second > 59 || offsetHours > 15 || offsetMinutes > 59) return false;
  // The calendar day must exist (no 31 April, no 29 February outside leap years).
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
