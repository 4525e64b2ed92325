/**
 * /settings/account's own routes (issue 15, docs/decisions/032): the handle, the list of
 * active sessions and the revoke of one, and 'Download my data'. Changing the password or the
 * email, 'Sign out other sessions' and deleting the account are better-auth's endpoints
 * (/api/auth/change-password, /change-email, /revoke-other-sessions, /delete-user), outside
 * this contract. A cookie session only, never an API key (no scope).
 */
import * as z from 'zod/mini';
import { defineRoute, empty, json } from '../contract';
import { USER_ID_PATTERN } from '../../ids';
import { AccountExportSchema, HandleInputSchema, HandleViewSchema, SessionViewSchema } from '../schemas/account';

export const setHandle = defineRoute({
  method: 'PUT',
  path: '/api/settings/account/handle',
  operationId: 'setHandle',
  tag: 'Account',
  summary: 'Choose the handle of your public profile (/@handle)',
  description:
    '3 to 30 of a-z, 0-9, _ and - (stored lower-case; a leading @ is dropped), unique regardless of case; words such as admin, api, settings, support and toolmint are reserved. Refusals are field messages on `handle`. The old /@handle stops working when it changes; /profile/{id} always redirects to the current one.',
  auth: 'user',
  body: json(HandleInputSchema),
  response: json(HandleViewSchema),
  errors: ['HANDLE_TAKEN'],
  example: { body: { handle: 'ada-lovelace' } },
});

export const listSessions = defineRoute({
  method: 'GET',
  path: '/api/settings/account/sessions',
  operationId: 'listAccountSessions',
  tag: 'Account',
  summary: 'Your signed-in sessions that have not expired, the most recently active first',
  description: 'Never the session tokens. `current` marks the session of this request.',
  auth: 'user',
  response: json(z.object({ items: z.array(SessionViewSchema) })),
});

export const revokeSession = defineRoute({
  method: 'DELETE',
  path: '/api/settings/account/sessions/{id}',
  operationId: 'revokeAccountSession',
  tag: 'Account',
  summary: 'Sign out one of your sessions (through better-auth); its next request is signed out',
  auth: 'user',
  params: z.strictObject({ id: z.string().check(z.regex(USER_ID_PATTERN, 'Not a valid id')) }),
  response: empty,
  errors: ['SESSION_NOT_FOUND'],
  example: { params: { id: 'kJ8vQ2xLmN4pR6sT' } },
});

export const exportAccountData = defineRoute({
  method: 'GET',
  path: '/api/settings/account/export',
  operationId: 'exportAccountData',
  tag: 'Account',
  summary: 'Download my data: your profile, products, purchases, downloads, favorites, follows and reviews as JSON',
  description: 'Only your own rows: the buyers of your products are not in it. Sent as an attachment (toolmint-data.json).',
  auth: 'user',
  response: json(AccountExportSchema),
});

export const accountRoutes = [setHandle, listSessions, revokeSession, exportAccountData] as const;
