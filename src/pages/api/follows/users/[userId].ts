/**
 * PUT /api/follows/users/{userId}: follow a person; DELETE: unfollow. Idempotent; both answer
 * { userId, following, followerCount, followingCount } with the person's counts.
 * Signed-in users only; never oneself (400 CANNOT_FOLLOW_SELF).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { followPerson, unfollowPerson } from '@/functions/follows/follows.service';
import * as routes from '@/src/shared/api/routes/updates';

export const PUT = endpoint(routes.followPerson, async ({ user, params }) => followPerson(await getDb(), user.id, params.userId));
export const DELETE = endpoint(routes.unfollowPerson, async ({ user, params }) => unfollowPerson(await getDb(), user.id, params.userId));
