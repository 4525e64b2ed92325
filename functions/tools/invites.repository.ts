/**
 * Every query of co-maintainer invitations and the maintainers they add (docs/decisions/038):
 * tool_maintainer_invites (tokens as sha256 hashes) and tool_maintainers. Functions take `db` or
 * a transaction first; invites.service.ts holds the rules and the transaction.
 */
import { sql, type Insertable } from 'kysely';
import type { Db } from '@/db/database';
import type { Database } from '@/db/schema';

/** A live (not deleted) profile by its handle. */
export async function findProfileIdByHandle(db: Db, handle: string) {
  return db.selectFrom('profiles').select('id').where('handle', '=', handle).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function insertInvite(db: Db, values: Insertable<Database['tool_maintainer_invites']>) {
  return db.insertInto('tool_maintainer_invites').values(values).returning(['id', 'expires_at']).executeTakeFirstOrThrow();
}

/** An invitation by its token's hash, not yet accepted and not expired. */
export async function findOpenInvite(db: Db, tokenHash: string) {
  return db
    .selectFrom('tool_maintainer_invites')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function insertCoMaintainer(db: Db, { toolId, userId, invitedBy }: { toolId: string; userId: string; invitedBy: string | null }) {
  await db.insertInto('tool_maintainers').values({ tool_id: toolId, user_id: userId, role: 'co_maintainer', invited_by: invitedBy }).execute();
}

export async function markInviteAccepted(db: Db, inviteId: string, acceptedBy: string) {
  await db
    .updateTable('tool_maintainer_invites')
    .set({ accepted_at: sql<Date>`now()`, accepted_by: acceptedBy })
    .where('id', '=', inviteId)
    .execute();
}

export async function findProfileName(db: Db, userId: string) {
  return db.selectFrom('profiles').select(['full_name', 'handle']).where('id', '=', userId).executeTakeFirst();
}

/** The tool's maintainers with their names (the manage page). */
export async function selectMaintainers(db: Db, toolId: string) {
  return db
    .selectFrom('tool_maintainers as m')
    .innerJoin('profiles as p', 'p.id', 'm.user_id')
    .select(['m.user_id', 'm.role', 'p.full_name', 'p.handle'])
    .where('m.tool_id', '=', toolId)
    .orderBy('m.role', 'desc')
    .orderBy('m.created_at', 'asc')
    .execute();
}

/** An invitation by its token's hash, with the tool's name, for the invitation page. */
export async function findInviteWithTool(db: Db, tokenHash: string) {
  return db
    .selectFrom('tool_maintainer_invites as i')
    .innerJoin('ai_tools as t', 't.id', 'i.tool_id')
    .select(['t.id', 't.name'])
    .where('i.token_hash', '=', tokenHash)
    .where('i.accepted_at', 'is', null)
    .executeTakeFirst();
}
