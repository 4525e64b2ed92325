/**
 * Reputation (issue 16, docs/decisions/036): the figure of src/shared/reputation.ts from the
 * parts counted by reputation.repository.ts. Read by the profile pages, the dashboard and the
 * community's author lines (one batched read per page for every author shown). Administrators
 * see a person's figure with its resets and reset it with a reason, logged (issue 29,
 * docs/decisions/052).
 */
import type { Db } from '@/db/database';
import { AppError } from '@/functions/_shared/errors';
import { isAdmin } from '@/functions/_shared/auth-guard';
import type { AdminReputation, ResetReputationInput } from '@/src/shared/api/schemas/community-qa';
import { isUserId } from '@/src/shared/ids';
import { NO_REPUTATION, reputationScore, type ReputationParts } from '@/src/shared/reputation';
import {
  communityActivity,
  findProfileIdByHandle,
  findReputationSubject,
  insertReputationReset,
  listReputationResets,
  reputationPartsOf,
} from './reputation.repository';

export interface Reputation {
  score: number;
  parts: ReputationParts;
}

export async function getReputation(db: Db, userId: string): Promise<Reputation> {
  const parts = (await reputationPartsOf(db, [userId])).get(userId) ?? NO_REPUTATION;
  return { score: reputationScore(parts), parts };
}

/** Each person's reputation figure, for the author lines of a list or a thread. */
export async function reputationScores(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  const parts = await reputationPartsOf(db, userIds);
  return new Map([...parts].map(([id, p]) => [id, reputationScore(p)]));
}

/** The dashboard's community figures: posts written, discussions taken part in, reputation. */
export async function communityFigures(db: Db, userId: string) {
  const [activity, reputation] = await Promise.all([communityActivity(db, userId), getReputation(db, userId)]);
  return { ...activity, posts: activity.threads + activity.replies, reputation };
}

async function assertAdmin(db: Db, actorId: string): Promise<void> {
  if (!(await isAdmin(db, actorId))) throw new AppError('FORBIDDEN');
}

async function adminView(db: Db, userId: string): Promise<AdminReputation> {
  const subject = isUserId(userId) ? await findReputationSubject(db, userId) : undefined;
  if (!subject) throw new AppError('PROFILE_NOT_FOUND');
  const [reputation, resets] = await Promise.all([getReputation(db, userId), listReputationResets(db, userId)]);
  return {
    userId,
    fullName: subject.full_name?.trim() || 'Member',
    score: reputation.score,
    parts: reputation.parts,
    resets: resets.map((r) => ({
      id: r.id,
      reason: r.reason,
      scoreBefore: r.score_before,
      actor: r.actor_id ? { id: r.actor_id, fullName: r.actor_name?.trim() || 'Administrator' } : null,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

/** GET /api/admin/users/{userId}/reputation. */
export async function getReputationForAdmin(db: Db, actorId: string, userId: string): Promise<AdminReputation> {
  await assertAdmin(db, actorId);
  return adminView(db, userId);
}

/**
 * POST /api/admin/users/{userId}/reputation/reset: the figure before and the reason are logged;
 * from then on only what comes after counts (nothing is deleted, so the votes stay on the posts).
 */
export async function resetReputation(db: Db, actorId: string, userId: string, input: ResetReputationInput): Promise<AdminReputation> {
  await assertAdmin(db, actorId);
  const before = await adminView(db, userId);
  await insertReputationReset(db, { userId, actorId, reason: input.reason, scoreBefore: before.score });
  return adminView(db, userId);
}

/** The account an administrator looks up on /admin/reports?tab=reputation: an id, or an @handle. */
export async function findReputationSubjectId(db: Db, idOrHandle: string): Promise<string | undefined> {
  const handle = idOrHandle.startsWith('@') ? idOrHandle.slice(1).toLowerCase() : null;
  if (handle) return findProfileIdByHandle(db, handle);
  return isUserId(idOrHandle) ? (await findReputationSubject(db, idOrHandle))?.id : undefined;
}
