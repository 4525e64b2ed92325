/**
 * The signed token of a one-click unsubscribe link (RFC 8058, docs/decisions/041): per user,
 * per kind, expiring. `<payload>.<signature>`, both base64url: the payload is JSON
 * `{ u: userId, k: kind, x: expiry in epoch seconds, m?: message id }`, the signature HMAC-SHA256 over
 * 'unsubscribe.' + payload with a key derived from the server secret (getAuthSecret:
 * BETTER_AUTH_SECRET, required in production; else the one generated in DATA_DIR). No database row: anyone holding a link may turn
 * that one kind off for that one user, which is what the link is for, and nothing else. A
 * creator's email to customers (docs/decisions/078) also names its message (`m`), so the send's
 * 'unsubscribed' figure counts the recipients who used that email's link.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getAuthSecret } from '@/env';
import { AppError } from '../_shared/errors';
import { isEmailMessageKind, type EmailMessageKind } from '@/src/shared/email-preferences';

/** How long a link in an email works: long enough for an old email to still unsubscribe. */
const UNSUBSCRIBE_TOKEN_DAYS = 90;

function key(secret: string): Buffer {
  return createHmac('sha256', secret).update('toolmint-unsubscribe-v1').digest();
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', key(secret)).update(`unsubscribe.${payload}`).digest('base64url');
}

export interface UnsubscribeClaim {
  userId: string;
  kind: EmailMessageKind;
  expiresAt: Date;
  /** The email_messages row whose link it is, when the link names it (creator emails). */
  messageId?: string;
}

export function createUnsubscribeToken(
  userId: string,
  kind: EmailMessageKind,
  options: { now?: Date; days?: number; secret?: string; messageId?: string } = {},
): string {
  const now = options.now ?? new Date();
  const expiry = Math.floor(now.getTime() / 1000) + (options.days ?? UNSUBSCRIBE_TOKEN_DAYS) * 86_400;
  const payload = Buffer.from(JSON.stringify({ u: userId, k: kind, x: expiry, ...(options.messageId ? { m: options.messageId } : {}) })).toString('base64url');
  return `${payload}.${sign(payload, options.secret ?? getAuthSecret())}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message, { token: message });

/**
 * The claim of a token, or 400 VALIDATION_FAILED naming `token` (forged, malformed, expired)
 * or `kind` (a kind toolmint does not have, even when signed). Nothing is read or written.
 */
export function verifyUnsubscribeToken(token: string, options: { now?: Date; secret?: string } = {}): UnsubscribeClaim {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) throw invalid('This unsubscribe link is not valid.');
  const [, payload, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(payload, options.secret ?? getAuthSecret()));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid('This unsubscribe link is not valid.');
  let claim: unknown;
  try {
    claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid('This unsubscribe link is not valid.');
  }
  const { u, k, x, m } = (claim ?? {}) as { u?: unknown; k?: unknown; x?: unknown; m?: unknown };
  if (typeof u !== 'string' || !u || typeof x !== 'number') throw invalid('This unsubscribe link is not valid.');
  if (!isEmailMessageKind(k))
    throw new AppError('VALIDATION_FAILED', 'This unsubscribe link names a kind of email toolmint does not send.', { kind: 'Unknown kind' });
  const expiresAt = new Date(x * 1000);
  if (expiresAt.getTime() <= (options.now ?? new Date()).getTime())
    throw invalid('This unsubscribe link has expired. Change what you receive on your notification settings.');
  return { userId: u, kind: k, expiresAt, ...(typeof m === 'string' && UUID.test(m) ? { messageId: m } : {}) };
}
