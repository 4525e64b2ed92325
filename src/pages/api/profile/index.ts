/**
 * GET   /api/profile: the signed-in user's profile.
 * PATCH /api/profile { fullName, bio, company, location, website, socialLinks, specialties }:
 *       edits it (field messages on 400 VALIDATION_FAILED); answers the updated profile.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json, readJsonBody } from '@/functions/_shared/http';
import { getOwnProfile, updateOwnProfile } from '@/functions/profiles/profile-page.service';

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await getOwnProfile(await getDb(), user.id));
});

export const PATCH = handle(async (context) => {
  const user = requireApiUser(context);
  const body: unknown = await readJsonBody(context.request);
  return json(await updateOwnProfile(await getDb(), user.id, body));
});
