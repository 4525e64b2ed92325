/**
 * GET  /api/profile/onboarding: the signed-in user's onboarding status and answers.
 * POST /api/profile/onboarding: { action: 'complete', interests, specialties?, bio? } or { action: 'skip' }.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getOnboarding, saveOnboarding } from '@/functions/profiles/profiles.service';
import * as routes from '@/src/shared/api/routes/profile';

export const prerender = false;

export const GET = endpoint(routes.getOnboarding, async ({ user }) => getOnboarding(await getDb(), user));
export const POST = endpoint(routes.saveOnboarding, async ({ user, body }) => saveOnboarding(await getDb(), user, body));
