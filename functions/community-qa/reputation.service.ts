/**
 * Reputation (issue 16, docs/decisions/036): the figure of src/shared/reputation.ts from the
 * parts counted by reputation.repository.ts. Read by the profile pages, the dashboard and the
 * community's author lines (one batched read per page for every author shown).
 */
import type { Db } from '@/db/database';
import { NO_REPUTATION, reputationScore, type ReputationParts } from '@/src/shared/reputation';
import { communityActivity, reputationPartsOf } from './reputation.repository';

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
