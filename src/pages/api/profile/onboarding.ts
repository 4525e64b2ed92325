/**
 * GET  /api/profile/onboarding: the signed-in user's onboarding status and answers.
 * POST /api/profile/onboarding: { action: 'complete', interests, specialties?, bio? } or { action: 'skip' }.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json, readJsonBody } from '@/functions/_shared/http';
import { getOnboarding, saveOnboarding } from '@/functions/profiles/profiles.service';

export const prerender = false;

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await getOnboarding(await getDb(), user));
});

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  const body: unknown = await readJsonBody(context.request);
  return json(await saveOnboarding(await getDb(), user, body));
});
