/**
 * Who a product view belongs to, for counting it once per visitor per day (docs/decisions/011):
 * - a signed-in user is their account;
 * - a visitor is the `toolmint_visitor` cookie the server sets on their first view: a random id
 *   with an HMAC of it, so a client cannot make up ids; it lasts the browser session;
 * - a request without a valid cookie (a script) is its client address, so a cookieless script
 *   counts once per address per product per day.
 * Keys are stored as HMACs: product_view_days holds no address or cookie in the clear.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const VISITOR_COOKIE = 'toolmint_visitor';

function mac(secret: string, value: string, length = 22): string {
  return createHmac('sha256', secret).update(value).digest('base64url').slice(0, length);
}

/** The visitor id of a request's cookie header, when the cookie is one we issued. */
function visitorIdFrom(cookieHeader: string | null, secret: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== VISITOR_COOKIE) continue;
    const [id, sig] = rest.join('=').split('.');
    if (!id || !sig || !/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
    const expected = Buffer.from(mac(secret, `visitor:${id}`));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
  }
  return null;
}

/** A new visitor id and the Set-Cookie header carrying it (a session cookie). */
function newVisitorCookie(secret: string, secure: boolean): { id: string; setCookie: string } {
  const id = randomBytes(16).toString('base64url');
  const value = `${id}.${mac(secret, `visitor:${id}`)}`;
  return { id, setCookie: `${VISITOR_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}` };
}

export interface Visitor {
  /** The key the view counts under (hashed). */
  key: string;
  /** The key a newly issued cookie will count under, marked as seen too (hashed). */
  alias: string | null;
  /** Set-Cookie for a visitor seen for the first time. */
  setCookie: string | null;
}

/** The counting identity of one view request. */
export function identifyVisitor(
  request: { cookieHeader: string | null; userId: string | null; address: string | null },
  secret: string,
  secure: boolean,
): Visitor {
  const key = (raw: string) => mac(secret, `view-key:${raw}`, 32);
  if (request.userId) return { key: key(`user:${request.userId}`), alias: null, setCookie: null };
  const id = visitorIdFrom(request.cookieHeader, secret);
  if (id) return { key: key(`visitor:${id}`), alias: null, setCookie: null };
  const issued = newVisitorCookie(secret, secure);
  // Counted by address; the new cookie's key is marked too, so this browser's next view of the
  // same product (now with the cookie) is not a second one.
  return { key: key(`address:${request.address ?? 'unknown'}`), alias: key(`visitor:${issued.id}`), setCookie: issued.setCookie };
}
