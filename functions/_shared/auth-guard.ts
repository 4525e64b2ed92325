/**
 * Guards for pages and API routes that need a signed-in user. The session is loaded once per
 * request by src/middleware.ts into Astro.locals; these read it.
 *
 * Page (on demand, `export const prerender = false`):
 *   const user = requireUser(Astro);
 *   if (user instanceof Response) return user;   // signed out: to /auth and back after login
 *
 * API route (inside handle()):
 *   const user = requireApiUser(context);        // throws 401 UNAUTHENTICATED
 *   assertEmailVerified(user);                   // throws 403 EMAIL_NOT_VERIFIED
 *
 * A new account may browse, follow and download free products at once; publishing, buying,
 * reviewing and posting need a verified email (docs/decisions/012): those routes declare
 * `auth: 'verified'` and functions/_shared/endpoint.ts calls assertEmailVerified (publishing
 * checks it in the products service, since only the body says whether a save publishes).
 *
 * Services that only an administrator may use ask isAdmin (profiles.role = 'admin').
 */
import type { Db } from '@/db/database';
import type { SessionUser } from '@/src/shared/session';
import { AppError } from './errors';
import { findRole } from './roles.repository';

interface GuardContext {
  locals: App.Locals;
  url: URL;
  redirect(path: string, status?: 301 | 302 | 303 | 307 | 308): Response;
}

/** /auth?mode=login&redirect=<this page>, the login that brings the visitor back. */
export function loginUrlFor(url: URL): string {
  const back = `${url.pathname}${url.search}${url.hash}`;
  return `/auth?mode=login&redirect=${encodeURIComponent(back)}`;
}

export function requireUser(context: GuardContext): SessionUser | Response {
  const user = context.locals.user;
  if (user) return user;
  return context.redirect(loginUrlFor(context.url), 302);
}

export function requireApiUser(context: { locals: App.Locals }): SessionUser {
  const user = context.locals.user;
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/** 403 EMAIL_NOT_VERIFIED unless the account's email is verified. */
export function assertEmailVerified(user: Pick<SessionUser, 'emailVerified'>): void {
  if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');
}

/** Whether the account is an administrator. */
export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  return (await findRole(db, userId)) === 'admin';
}
