/**
 * The routes the declarations cannot give: better-auth's own endpoints, all served by one
 * catch-all file (src/pages/api/auth/[...all].ts) and outside our API contract
 * (docs/decisions/024), so not in API_ROUTES. These are the ones the app uses; each states here
 * what a declaration would (method, path, whether a visitor is let in), with its valid example.
 * tests/support/route-table.ts appends them to the declared routes for the hostile-input suite;
 * the API contract test leaves them out (better-auth's shapes are not in /api/openapi.json).
 */
import type { HttpMethod, RouteAuth } from '@/src/shared/api/contract';
import { email } from './example-bodies';
import type { RouteExample } from './route-examples';

/** The catch-all route file, under src/pages/api. */
export const BETTER_AUTH_FILE = 'auth/[...all].ts';

export interface BetterAuthRoute extends RouteExample {
  method: HttpMethod;
  /** Under /api/auth/. */
  path: `/api/auth/${string}`;
  /** As a declaration would say it: `public` lets a visitor's request reach better-auth. */
  auth: Extract<RouteAuth, 'public' | 'user'>;
  /** A JSON body it reads (the hostile suite sends bad ones only to these). */
  body?: 'json';
}

/** In the order the suite runs them: sign-out last, since its valid example signs the owner out. */
export const BETTER_AUTH_ROUTES: readonly BetterAuthRoute[] = [
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    auth: 'public',
    body: 'json',
    json: () => ({ name: 'Hostile Tester', full_name: 'Hostile Tester', email: email(), password: 'Str0ng!pass', user_type: 'creator', company: 'Test Works' }),
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    auth: 'public',
    body: 'json',
    json: (fx) => ({ email: fx.owner.email, password: fx.password, rememberMe: true }),
  },
  { method: 'POST', path: '/api/auth/request-password-reset', auth: 'public', body: 'json', json: (fx) => ({ email: fx.owner.email }) },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    auth: 'public',
    body: 'json',
    json: () => ({ newPassword: 'An0ther!pass', token: 'not-a-real-token' }),
    expect: { status: 400, why: 'a reset token only exists in an email; the table has none' },
  },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    auth: 'user',
    caller: 'owner',
    body: 'json',
    json: (fx) => ({ currentPassword: fx.password, newPassword: fx.password, revokeOtherSessions: false }),
  },
  { method: 'GET', path: '/api/auth/get-session', auth: 'public' },
  // Its body is ignored (the client sends '{}'), so it gets no hostile bodies: they would only sign the owner out.
  { method: 'POST', path: '/api/auth/sign-out', auth: 'public', json: () => ({}), destructive: true },
];
