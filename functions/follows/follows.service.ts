/**
 * Following AI tools and people (spec sections 4, 6, 7 and 8). Called by
 * src/pages/api/follows/** with the signed-in user, and by the profile page.
 *
 * Rules:
 * - Signed-in users only (401 'User not authenticated'); the islands say 'Please log in to
 *   follow tools' and send nothing without a user.
 * - Following twice or unfollowing twice is harmless: the answer is the same state.
 * - Nobody follows themselves (also a check constraint on follows).
 * - A person's counters move in the same transaction as the follows row (follows.repository).
 */
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import {
  adjustFollowCounters,
  countToolFollowers,
  deleteFollow,
  deleteToolFollow,
  findFollowCounts,
  insertFollow,
  insertToolFollow,
  isFollowing,
  listFollowedTools,
  listToolFollowerCounts,
  profileExists,
  toolExists,
} from './follows.repository';
import { isToolId } from '@/src/shared/ids';

export interface ToolFollowState {
  toolId: string;
  following: boolean;
  followerCount: number;
}

export interface ToolFollowsOverview {
  /** Follower count of every tool. */
  counts: Record<string, number>;
  /** Tools the signed-in user follows (empty without a user). */
  following: string[];
}

export interface PersonFollowState {
  userId: string;
  following: boolean;
  followerCount: number;
  followingCount: number;
}

function requireUserId(userId: string | null | undefined): string {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  return userId;
}

async function requireTool(db: Db, toolId: string): Promise<void> {
  if (!isToolId(toolId) || !(await toolExists(db, toolId))) throw new AppError('TOOL_NOT_FOUND');
}

export async function followTool(db: Db, userId: string | null | undefined, toolId: string): Promise<ToolFollowState> {
  const me = requireUserId(userId);
  await requireTool(db, toolId);
  await insertToolFollow(db, me, toolId);
  return { toolId, following: true, followerCount: await countToolFollowers(db, toolId) };
}

export async function unfollowTool(db: Db, userId: string | null | undefined, toolId: string): Promise<ToolFollowState> {
  const me = requireUserId(userId);
  await requireTool(db, toolId);
  await deleteToolFollow(db, me, toolId);
  return { toolId, following: false, followerCount: await countToolFollowers(db, toolId) };
}

export async function getToolFollows(db: Db, userId: string | null | undefined): Promise<ToolFollowsOverview> {
  const [counts, followed] = await Promise.all([listToolFollowerCounts(db), userId ? listFollowedTools(db, userId) : Promise.resolve([])]);
  return {
    counts: Object.fromEntries(counts.map((c) => [c.id, c.follower_count])),
    following: followed.map((f) => f.tool_id),
  };
}

export async function listMyFollowedTools(db: Db, userId: string | null | undefined) {
  const me = requireUserId(userId);
  const rows = await listFollowedTools(db, me);
  return rows.map((r) => ({ toolId: r.tool_id, name: r.name, hasDetailPage: r.detail_page, followedAt: new Date(r.created_at).toISOString() }));
}

async function personState(db: Db, targetId: string, following: boolean): Promise<PersonFollowState> {
  const counts = await findFollowCounts(db, targetId);
  return { userId: targetId, following, followerCount: counts?.follower_count ?? 0, followingCount: counts?.following_count ?? 0 };
}

async function requirePerson(db: Db, me: string, targetId: string): Promise<void> {
  if (!targetId || targetId.length > 200) throw new AppError('PROFILE_NOT_FOUND');
  if (targetId === me) throw new AppError('CANNOT_FOLLOW_SELF');
  if (!(await profileExists(db, targetId))) throw new AppError('PROFILE_NOT_FOUND');
}

export async function followPerson(db: Db, userId: string | null | undefined, targetId: string): Promise<PersonFollowState> {
  const me = requireUserId(userId);
  await requirePerson(db, me, targetId);
  await db.transaction().execute(async (trx) => {
    if (await insertFollow(trx, me, targetId)) await adjustFollowCounters(trx, me, targetId, 1);
  });
  return personState(db, targetId, true);
}

export async function unfollowPerson(db: Db, userId: string | null | undefined, targetId: string): Promise<PersonFollowState> {
  const me = requireUserId(userId);
  await requirePerson(db, me, targetId);
  await db.transaction().execute(async (trx) => {
    if (await deleteFollow(trx, me, targetId)) await adjustFollowCounters(trx, me, targetId, -1);
  });
  return personState(db, targetId, false);
}

/** Follow status is only looked up when viewing another profile (spec section 6). */
export async function isFollowingPerson(db: Db, userId: string | null | undefined, targetId: string): Promise<boolean> {
  if (!userId || userId === targetId) return false;
  return isFollowing(db, userId, targetId);
}
