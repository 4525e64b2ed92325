/**
 * PUT /api/follows/users/{userId}: follow a person; DELETE: unfollow. Idempotent; both answer
 * { userId, following, followerCount, followingCount } with the person's counts.
 * Signed-in users only; never oneself (400 CANNOT_FOLLOW_SELF).
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json, userIdParam } from '@/functions/_shared/http';
import { followPerson, unfollowPerson } from '@/functions/follows/follows.service';

export const PUT = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await followPerson(await getDb(), user.id, userIdParam(context, 'userId')));
});

export const DELETE = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await unfollowPerson(await getDb(), user.id, userIdParam(context, 'userId')));
});
