/**
 * GET /api/auth/providers: which social sign-in providers are configured, so the auth page
 * offers real OAuth for them and the 'Coming Soon' toast for the others. Ours, on the API
 * contract (src/shared/api/routes/auth.ts); the rest of /api/auth/* is better-auth's.
 */
import { configuredSocialProviders } from '@/functions/auth/auth';
import { endpoint } from '@/functions/_shared/endpoint';
import { json } from '@/functions/_shared/http';
import { getSignInProviders as route } from '@/src/shared/api/routes/auth';

export const prerender = false;

// A Response, for its cache header: the answer changes only with the deployment's environment.
export const GET = endpoint(route, () => json(configuredSocialProviders(), { headers: { 'cache-control': 'public, max-age=60' } }));
