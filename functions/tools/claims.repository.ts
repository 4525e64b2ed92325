/**
 * Every query of tool claims (docs/decisions/038): the claims themselves (tool_claims, tokens as
 * sha256 hashes), the ownership a verified claim grants and a revocation takes away
 * (tool_maintainers, ai_tools.claimed_by). Functions take `db` or a transaction first; the
 * service (claims.service.ts) holds the rules and the transactions.
 */
import { sql, type Insertable } from 'kysely';
import type { Db } from '@/db/database';
import type { Database } from '@/db/schema';

export async function findClaimantName(db: Db, userId: string) {
  return db.selectFrom('profiles').select('full_name').where('id', '=', userId).executeTakeFirst();
}

export async function insertClaim(db: Db, values: Insertable<Database['tool_claims']>) {
  return db.insertInto('tool_claims').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findClaim(db: Db, claimId: string) {
  return db.selectFrom('tool_claims').selectAll().where('id', '=', claimId).executeTakeFirst();
}

export async function findClaimantProfile(db: Db, userId: string) {
  return db.selectFrom('profiles').select(['full_name', 'company']).where('id', '=', userId).executeTakeFirst();
}

/** The previous owner, if any, stays a co-maintainer. */
export async function demoteOwner(db: Db, toolId: string) {
  await db.updateTable('tool_maintainers').set({ role: 'co_maintainer' }).where('tool_id', '=', toolId).where('role', '=', 'owner').execute();
}

export async function upsertOwner(db: Db, toolId: string, userId: string) {
  await db
    .insertInto('tool_maintainers')
    .values({ tool_id: toolId, user_id: userId, role: 'owner', invited_by: null })
    .onConflict((oc) => oc.columns(['tool_id', 'user_id']).doUpdateSet({ role: 'owner' }))
    .execute();
}

export async function markToolClaimed(db: Db, toolId: string, { claimedBy, maintainerName }: { claimedBy: string; maintainerName: string }) {
  await db
    .updateTable('ai_tools')
    .set({ claimed_by: claimedBy, maintainer_name: maintainerName, verified_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', toolId)
    .execute();
}

export async function markClaimVerified(db: Db, claimId: string, decidedBy: string | null) {
  await db
    .updateTable('tool_claims')
    .set({ status: 'verified', verified_at: sql<Date>`coalesce(verified_at, now())`, decided_at: sql<Date>`now()`, decided_by: decidedBy })
    .where('id', '=', claimId)
    .execute();
}

/** A pending claim, proven, that waits for an administrator. */
export async function moveClaimToReview(db: Db, claimId: string) {
  return db
    .updateTable('tool_claims')
    .set({ status: 'in_review', verified_at: sql<Date>`now()` })
    .where('id', '=', claimId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Claims waiting for an administrator, oldest first. */
export async function selectClaimsInReview(db: Db) {
  return db.selectFrom('tool_claims').selectAll().where('status', '=', 'in_review').orderBy('verified_at', 'asc').orderBy('id', 'asc').limit(100).execute();
}

export async function rejectClaimRow(db: Db, claimId: string, { note, decidedBy }: { note: string | null; decidedBy: string }) {
  await db
    .updateTable('tool_claims')
    .set({ status: 'rejected', note, decided_at: sql<Date>`now()`, decided_by: decidedBy })
    .where('id', '=', claimId)
    .execute();
}

export async function getClaimRow(db: Db, claimId: string) {
  return db.selectFrom('tool_claims').selectAll().where('id', '=', claimId).executeTakeFirstOrThrow();
}

export async function deleteMaintainers(db: Db, toolId: string) {
  await db.deleteFrom('tool_maintainers').where('tool_id', '=', toolId).execute();
}

export async function deleteOpenInvites(db: Db, toolId: string) {
  await db.deleteFrom('tool_maintainer_invites').where('tool_id', '=', toolId).where('accepted_at', 'is', null).execute();
}

export async function revokeClaimRows(db: Db, toolId: string, { note, decidedBy }: { note: string; decidedBy: string }) {
  await db
    .updateTable('tool_claims')
    .set({ status: 'revoked', note, decided_at: sql<Date>`now()`, decided_by: decidedBy })
    .where('tool_id', '=', toolId)
    .where('status', 'in', ['verified', 'pending', 'in_review'])
    .execute();
}

export async function clearToolClaim(db: Db, toolId: string) {
  await db
    .updateTable('ai_tools')
    .set({ claimed_by: null, maintainer_name: null, verified_at: null, updated_at: sql<Date>`now()` })
    .where('id', '=', toolId)
    .execute();
}
