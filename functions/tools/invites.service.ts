/**
 * Co-maintainers (docs/decisions/038): a maintainer invites someone by handle or by email; the
 * invitation is a one-time link (sha256 of its token stored, 7 days). Whoever opens it signed in
 * becomes a co-maintainer (an invitation by handle: only that account). A co-maintainer edits
 * the page and posts updates like the owner (isToolMaintainer). Whoever invited them is told in
 * the app when they join ('maintainer_added', docs/decisions/043).
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { isToolId } from '@/src/shared/ids';
import { isToolMaintainer } from './tool-maintainers';
import { selectTool } from './tools.repository';
import { accountOf, sendToolMail, siteLink } from './tool-notices';
import { notifyOfTool } from '../notifications/notifications.service';

const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function inviteMaintainer(
  db: Db,
  userId: string | null | undefined,
  toolId: string,
  { invitee }: { invitee: string },
): Promise<{ id: string; toolId: string; sentTo: string; expiresAt: string }> {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  const tool = isToolId(toolId) ? await selectTool(db, toolId) : undefined;
  if (!tool || tool.status !== 'approved') throw new AppError('TOOL_NOT_FOUND');
  if (!(await isToolMaintainer(db, userId, toolId))) throw new AppError('NOT_TOOL_EDITOR');
  const value = invitee.trim();
  let inviteeId: string | null = null;
  let email: string;
  let sentTo: string;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    email = value.toLowerCase();
    sentTo = email;
  } else {
    const handle = value.replace(/^@/, '').toLowerCase();
    const profile = /^[a-z0-9_-]{1,40}$/.test(handle)
      ? await db.selectFrom('profiles').select('id').where('handle', '=', handle).where('deleted_at', 'is', null).executeTakeFirst()
      : undefined;
    const account = profile ? await accountOf(db, profile.id) : undefined;
    if (!profile || !account) throw new AppError('VALIDATION_FAILED', undefined, { invitee: `No one has the handle @${handle}` });
    inviteeId = profile.id;
    email = account.email;
    sentTo = `@${handle}`;
  }
  if (inviteeId) {
    const already = await db.selectFrom('tool_maintainers').select('role').where('tool_id', '=', toolId).where('user_id', '=', inviteeId).executeTakeFirst();
    if (already) throw new AppError('VALIDATION_FAILED', undefined, { invitee: `${sentTo} already maintains ${tool.name}` });
  }
  const token = randomBytes(24).toString('base64url');
  const row = await db
    .insertInto('tool_maintainer_invites')
    .values({ tool_id: toolId, invited_by: userId, invitee_id: inviteeId, email, token_hash: sha256(token), expires_at: new Date(Date.now() + INVITE_TTL_MS) })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
  await sendToolMail({
    to: email,
    subject: `You are invited to maintain ${tool.name} on toolmint`,
    greeting: 'Hi,',
    intro: [`A maintainer of ${tool.name} invited you to maintain its toolmint page with them: edit it and post updates to its followers.`],
    action: { label: 'Accept the invitation', url: siteLink(`/ai-tools/invite?${new URLSearchParams({ token }).toString()}`) },
    outro: ['The link works once, for 7 days, while you are signed in.'],
  });
  return { id: row.id, toolId, sentTo, expiresAt: new Date(row.expires_at).toISOString() };
}

export async function acceptInvite(
  db: Db,
  userId: string | null | undefined,
  { token }: { token: string },
): Promise<{ toolId: string; userId: string; role: 'owner' | 'co_maintainer' }> {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  const invite = await db
    .selectFrom('tool_maintainer_invites')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!invite || (invite.invitee_id && invite.invitee_id !== userId)) throw new AppError('INVITE_NOT_FOUND');
  const existing = await db
    .selectFrom('tool_maintainers')
    .select('role')
    .where('tool_id', '=', invite.tool_id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  await db.transaction().execute(async (trx) => {
    if (!existing)
      await trx
        .insertInto('tool_maintainers')
        .values({ tool_id: invite.tool_id, user_id: userId, role: 'co_maintainer', invited_by: invite.invited_by })
        .execute();
    await trx
      .updateTable('tool_maintainer_invites')
      .set({ accepted_at: sql<Date>`now()`, accepted_by: userId })
      .where('id', '=', invite.id)
      .execute();
  });
  // Whoever invited them hears that they joined (not a maintainer accepting for themselves).
  if (!existing && invite.invited_by && invite.invited_by !== userId) {
    const profile = await db.selectFrom('profiles').select(['full_name', 'handle']).where('id', '=', userId).executeTakeFirst();
    const name = profile?.full_name?.trim() || (profile?.handle ? `@${profile.handle}` : null);
    await notifyOfTool(db, { userIds: [invite.invited_by], toolId: invite.tool_id, event: 'maintainer_added', note: name });
  }
  return { toolId: invite.tool_id, userId, role: existing?.role ?? 'co_maintainer' };
}

/** The tool's maintainers with their names (the manage page). */
export async function listMaintainers(db: Db, toolId: string) {
  return db
    .selectFrom('tool_maintainers as m')
    .innerJoin('profiles as p', 'p.id', 'm.user_id')
    .select(['m.user_id', 'm.role', 'p.full_name', 'p.handle'])
    .where('m.tool_id', '=', toolId)
    .orderBy('m.role', 'desc')
    .orderBy('m.created_at', 'asc')
    .execute();
}
