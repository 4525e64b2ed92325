/**
 * Our own route beside sign-in. better-auth's routes under /api/auth/* (sign-up, sign-in,
 * sign-out, sessions, password reset, OAuth callbacks: src/pages/api/auth/[...all].ts) are
 * better-auth's own API with its own shapes, outside this contract.
 */
import * as z from 'zod/mini';
import { defineRoute, json } from '../contract';

export const getSignInProviders = defineRoute({
  method: 'GET',
  path: '/api/auth/providers',
  operationId: 'getSignInProviders',
  tag: 'Auth',
  summary: 'Which social sign-in providers are configured',
  description: 'The sign-in page offers real OAuth for these and a ‘Coming Soon’ notice for the others. Cached for a minute.',
  auth: 'public',
  response: json(z.object({ google: z.boolean(), github: z.boolean() })),
});

export const authRoutes = [getSignInProviders] as const;
