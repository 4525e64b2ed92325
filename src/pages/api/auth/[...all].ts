/**
 * /api/auth/*: better-auth's routes (sign-up, sign-in, sign-out, get-session, password
 * reset, OAuth callbacks), with the client address Astro determined for rate limiting.
 */
import type { APIRoute } from 'astro';
import { getAuth, handleAuthRequest } from '../../../../functions/_shared/auth';

export const prerender = false;

export const ALL: APIRoute = async ({ request, clientAddress }) => {
  let address: string | undefined;
  try {
    address = clientAddress;
  } catch {
    address = undefined; // not available in every runtime
  }
  return handleAuthRequest(await getAuth(), request, address);
};
