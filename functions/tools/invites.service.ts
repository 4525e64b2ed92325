/**
 * Co-maintainers (docs/decisions/038): a maintainer invites someone by handle or by email; the
 * invitation is a one-time link (sha256 of its token stored, 7 days). Whoever opens it signed in
 * becomes a co-maintainer (an invitation by handle: only that account). A co-maintainer edits
 * the page and posts updates like the owner (isToolMaintainer). Whoever invited them is told in
 * the app when they join ('maintainer_added', docs/decisions/043).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { isToolId } from '@/src/shared/ids';
import { isToolMaintainer } from './tool-maintainers';
import { findMaintainerRole, selectTool } from './tools.repository';
import {
  findInviteWithTool,
  findOpenInvite,
  findProfileIdByHandle,
  findProfileName,
  insertCoMaintainer,
  insertInvite,
  markInviteAccepted,
  selectMaintainers,
} from './invites.repository';
import { accountOf, notifyOfTool, sendToolMail, siteLink } from './tool-notices';

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
    const profile = /^[a-z0-9_-]{1,40}$/.test(handle) ? await findProfileIdByHandle(db, handle) : undefined;
    const account = profile ? await accountOf(db, profile.id) : undefined;
    if (!profile || !account) throw new AppError('VALIDATION_FAILED', undefined, { invitee: `No one has the handle @${handle}` });
    inviteeId = profile.id;
    email = account.email;
    sentTo = `@${handle}`;
  }
  if (inviteeId) {
    const already = await findMaintainerRole(db, toolId, inviteeId);
    if (already) throw new AppError('VALIDATION_FAILED', undefined, { invitee: `${sentTo} already maintains ${tool.name}` });
  }
  const token = randomBytes(24).toString('base64url');
  const row = await insertInvite(db, {
    tool_id: toolId,
    invited_by: userId,
    invitee_id: inviteeId,
    email,
    token_hash: sha256(token),
    expires_at: new Date(Date.now() + INVITE_TTL_MS),
  });
  await sendToolMail(
    db,
    { userId: inviteeId ?? userId, reference: `tool-invite:${row.id}` },
    {
      to: email,
      subject: `You are invited to maintain ${tool.name} on toolmint`,
      greeting: 'Hi,',
      intro: [`A maintainer of ${tool.name} invited you to maintain its toolmint page with them: edit it and post updates to its followers.`],
      action: { label: 'Accept the invitation', url: siteLink(`/ai-tools/invite?${new URLSearchParams({ token }).toString()}`) },
      outro: ['The link works once, for 7 days, while you are signed in.'],
    },
  );
  return { id: row.id, toolId, sentTo, expiresAt: new Date(row.expires_at).toISOString() };
}

export async function acceptInvite(
  db: Db,
  userId: string | null | undefined,
  { token }: { token: string },
): Promise<{ toolId: string; userId: string; role: 'owner' | 'co_maintainer' }> {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  const invite = await findOpenInvite(db, sha256(token));
  if (!invite || (invite.invitee_id && invite.invitee_id !== userId)) throw new AppError('INVITE_NOT_FOUND');
  const existing = await findMaintainerRole(db, invite.tool_id, userId);
  await db.transaction().execute(async (trx) => {
    if (!existing) await insertCoMaintainer(trx, { toolId: invite.tool_id, userId, invitedBy: invite.invited_by });
    await markInviteAccepted(trx, invite.id, userId);
  });
  // Whoever invited them hears that they joined (not a maintainer accepting for themselves).
  if (!existing && invite.invited_by && invite.invited_by !== userId) {
    const profile = await findProfileName(db, userId);
    const name = profile?.full_name?.trim() || (profile?.handle ? `@${profile.handle}` : null);
    await notifyOfTool(db, { userIds: [invite.invited_by], toolId: invite.tool_id, event: 'maintainer_added', note: name });
  }
  return { toolId: invite.tool_id, userId, role: existing?.role ?? 'co_maintainer' };
}

/** The tool's maintainers with their names (the manage page). */
export async function listMaintainers(db: Db, toolId: string) {
  return selectMaintainers(db, toolId);
}

/** The tool an invitation's link is for (the invitation page), while it is not accepted; undefined otherwise. */
export async function findInvitation(db: Db, token: string): Promise<{ id: string; name: string } | undefined> {
  return findInviteWithTool(db, sha256(token));
}
