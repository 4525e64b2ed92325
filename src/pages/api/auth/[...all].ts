/**
 * /api/auth/*: better-auth's own routes (sign-up, sign-in, sign-out, get-session, password
 * reset, OAuth callbacks), with the client address Astro determined for rate limiting.
 * They are better-auth's API, with its request and answer shapes: outside our API contract
 * (docs/decisions/024), not declared in src/shared/api/routes nor in /api/openapi.json. Our
 * one route under /api/auth, GET /api/auth/providers, is declared (routes/auth.ts); Astro
 * serves that file before this catch-all.
 */
import { getAuth, handleAuthRequest } from '@/functions/auth/auth';
import { handle } from '@/functions/_shared/http';

export const prerender = false;

// handle(): an oversized body (413 PAYLOAD_TOO_LARGE) answers in our error shape; better-auth's own refusals keep theirs.
export const ALL = handle(async ({ request, clientAddress }) => {
  let address: string | undefined;
  try {
    address = clientAddress;
  } catch {
    address = undefined; // not available in every runtime
  }
  return handleAuthRequest(await getAuth(), request, address);
});
