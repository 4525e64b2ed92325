/**
 * `Authorization: Bearer <API key>` on an /api request (docs/decisions/025), for
 * src/middleware.ts. In order, each step refusing with the error shape:
 * 1. the route must be open to keys (route-scopes.ts): else 403 FORBIDDEN, whatever the key;
 * 2. the header must be `Bearer <key>` with a well-formed, known key: else 401 UNAUTHENTICATED
 *    (a revoked key is unknown: revoking deletes it);
 * 3. the key's own rate limit (API_KEY_LIMIT, every method): else 429 with Retry-After;
 * 4. the key must hold the route's scope: else 403 INSUFFICIENT_SCOPE.
 * A request that passes acts as the key's owner; the account's write limits still apply
 * (the middleware counts them next). Cookies play no part in it, in or out.
 */
import type { APIContext } from 'astro';
import { getDb } from '@/db/database';
import type { ApiKeyScope } from '@/src/shared/domain';
import { getAuth } from '../auth/auth';
import { errorResponse } from '../_shared/http';
import { API_KEY_LIMIT, hitApiKeyLimit, tooManyResponse } from '../_shared/rate-limit';
import { verifyApiKey, type VerifiedApiKey } from './api-keys.service';
import { scopeFor } from './route-scopes';

const BEARER_MESSAGES = {
  routeClosed: 'API keys cannot be used on this route',
  invalidKey: 'The API key is not valid. Send an active key as Authorization: Bearer <key>.',
  missingScope: (scope: ApiKeyScope) => `This API key does not have the ${scope} permission this route needs`,
} as const;

const BEARER = /^\s*Bearer +(\S+)\s*$/i;

function unauthenticated(): Response {
  const response = errorResponse('UNAUTHENTICATED', BEARER_MESSAGES.invalidKey);
  response.headers.set('www-authenticate', 'Bearer realm="toolmint"');
  return response;
}

export type BearerOutcome = { ok: true; key: VerifiedApiKey } | { ok: false; response: Response };

export async function authenticateBearer(context: Pick<APIContext, 'request' | 'url'>, authorization: string): Promise<BearerOutcome> {
  const scope = scopeFor(context.request.method, context.url.pathname);
  if (!scope) return { ok: false, response: errorResponse('FORBIDDEN', BEARER_MESSAGES.routeClosed) };

  const token = BEARER.exec(authorization)?.[1];
  const key = token ? await verifyApiKey(await getAuth(), token) : null;
  if (!key) return { ok: false, response: unauthenticated() };

  try {
    const decision = await hitApiKeyLimit(await getDb(), key.id);
    if (!decision.allowed) return { ok: false, response: tooManyResponse(API_KEY_LIMIT.label, decision.retryAfterSeconds) };
  } catch (error) {
    // As the write limits: fail open, logged; the request then meets the same database.
    console.error('[api-keys] counting a key request failed:', error);
  }

  if (!key.scopes.includes(scope)) return { ok: false, response: errorResponse('INSUFFICIENT_SCOPE', BEARER_MESSAGES.missingScope(scope)) };
  return { ok: true, key };
}
