/**
 * GET /api/auth/providers: which social sign-in providers are configured, so the auth page
 * offers real OAuth for them and the 'Coming Soon' toast for the others.
 */
import { configuredSocialProviders } from '@/functions/_shared/auth';
import { handle, json } from '@/functions/_shared/http';

export const prerender = false;

export const GET = handle(() => json(configuredSocialProviders(), { headers: { 'cache-control': 'public, max-age=60' } }));
