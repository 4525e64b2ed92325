/**
 * GET   /api/profile: the signed-in user's profile.
 * PUT   /api/profile: replaces its editable fields (the GET answer is accepted unchanged: read-only
 *       fields are ignored, null means no value).
 * PATCH /api/profile: changes only the fields sent.
 * Field messages on 400 VALIDATION_FAILED; both answer the saved profile (docs/decisions/024).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getOwnProfile, patchOwnProfile, replaceOwnProfile } from '@/functions/profiles/profile-page.service';
import * as routes from '@/src/shared/api/routes/profile';

export const GET = endpoint(routes.getProfile, async ({ user }) => getOwnProfile(await getDb(), user.id));
export const PUT = endpoint(routes.replaceProfile, async ({ user, body }) => replaceOwnProfile(await getDb(), user.id, body));
export const PATCH = endpoint(routes.updateProfile, async ({ user, body }) => patchOwnProfile(await getDb(), user.id, body));
