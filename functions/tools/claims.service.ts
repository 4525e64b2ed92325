/**
 * 'Claim Your Tool' (issue 17, docs/decisions/038): a signed-in user proves control of a tool's
 * official domain, by
 * - 'email': a link with a one-time token sent to an address at that domain (or a subdomain),
 *   through the Mailer (the outbox by default); the claimant opens it while signed in;
 * - 'well_known': a challenge they publish at https://{domain}/.well-known/toolmint-verification.txt,
 *   fetched through outboundFetch (the SSRF guard: https only, public addresses only after DNS,
 *   each redirect checked). Only a host:port listed in OUTBOUND_ALLOW_HOSTS (test-only) is
 *   fetched over the official site's own http scheme.
 * A verified claim of a tool without an owner account makes the claimant its owner at once
 * (tool_maintainers role 'owner', ai_tools.claimed_by, 'Verified', 'Maintained by {name or
 * organisation}'). A tool that already has an owner account: the verified claim waits for an
 * administrator (status 'in_review'), who approves (the claimant becomes owner, the previous
 * owner stays a co-maintainer) or rejects it. An administrator can revoke a tool's claim: the
 * owner and co-maintainers lose it, and the page no longer says 'Verified'.
 * Tokens are stored as sha256 hashes.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { getEnv } from '@/env';
import { OutboundRefusedError, OutboundRequestError, outboundFetch } from '../_shared/outbound-fetch';
import { isAdmin } from '../_shared/auth-guard';
import { recordPageChange } from '../rebuilds/rebuilds.service';
import { afterCommit, jobsReady } from '../jobs';
import { pagesShowingTool } from '../rebuilds/affected-pages';
import type { ToolClaim, ToolClaimInput } from '@/src/shared/api/schemas/tools';
import { isToolId, isUuid } from '@/src/shared/ids';
import { WELL_KNOWN_PATH } from '@/src/shared/tools';
import { findMaintainerRole, selectMaintainerIds, selectTool, type ToolRow } from './tools.repository';
import {
  clearToolClaim,
  deleteMaintainers,
  deleteOpenInvites,
  demoteOwner,
  findClaim,
  findClaimantName,
  findClaimantProfile,
  getClaimRow,
  insertClaim,
  markClaimVerified,
  markToolClaimed,
  moveClaimToReview,
  rejectClaimRow,
  revokeClaimRows,
  selectClaimsInReview,
  upsertOwner,
} from './claims.repository';
import { notifyOfTool, sendToolMail, siteLink, tellUser } from './tool-notices';

const EMAIL_CLAIM_TTL_MS = 24 * 60 * 60 * 1000;
const WELL_KNOWN_CLAIM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => randomBytes(24).toString('base64url');

type ClaimRow = {
  id: string;
  tool_id: string;
  user_id: string;
  method: 'email' | 'well_known';
  email: string | null;
  organisation: string | null;
  token_hash: string;
  challenge: string | null;
  status: ToolClaim['status'];
  note: string | null;
  created_at: Date;
  expires_at: Date;
};

/** Where the claimant publishes the challenge: the official site's host over https (over http only for a test-only allowed host). */
function wellKnownUrl(officialSite: string): string {
  const url = new URL(WELL_KNOWN_PATH, officialSite);
  const hostPort = `${url.hostname.toLowerCase()}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
  if (!(url.protocol === 'http:' && getEnv().OUTBOUND_ALLOW_HOSTS.includes(hostPort))) url.protocol = 'https:';
  return url.toString();
}

async function toClaim(db: Db, row: ClaimRow, tool?: Pick<ToolRow, 'name' | 'official_site'>): Promise<ToolClaim> {
  const t = tool ?? (await selectTool(db, row.tool_id));
  const claimant = await findClaimantName(db, row.user_id);
  return {
    id: row.id,
    toolId: row.tool_id,
    toolName: t?.name ?? row.tool_id,
    method: row.method,
    status: row.status,
    email: row.email,
    organisation: row.organisation,
    challenge: row.challenge,
    wellKnownUrl: row.method === 'well_known' && t?.official_site ? wellKnownUrl(t.official_site) : null,
    claimantName: claimant?.full_name ?? null,
    createdAt: new Date(row.created_at).toISOString(),
    note: row.note,
  };
}

/** The domain part of an address belongs to the tool's host (the host itself or a subdomain). */
function emailAtHost(email: string, host: string): boolean {
  const domain = email.split('@').pop()?.toLowerCase().replace(/\.$/, '') ?? '';
  return domain === host || domain.endsWith(`.${host}`);
}

/** Starts a claim: sends the email, or answers the challenge to publish. */
export async function startClaim(db: Db, userId: string | null | undefined, toolId: string, input: ToolClaimInput): Promise<ToolClaim> {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  const tool = isToolId(toolId) ? await selectTool(db, toolId) : undefined;
  if (!tool || tool.status !== 'approved' || !tool.official_site || !tool.official_site_host) throw new AppError('TOOL_NOT_FOUND');
  if (tool.claimed_by === userId || (await findMaintainerRole(db, toolId, userId))) throw new AppError('ALREADY_MAINTAINER');
  const host = tool.official_site_host;
  const token = newToken();
  const now = Date.now();
  if (input.method === 'email') {
    const email = input.email?.toLowerCase();
    if (!email) throw new AppError('VALIDATION_FAILED', undefined, { email: `Enter an address at ${host}` });
    if (!emailAtHost(email, host)) throw new AppError('VALIDATION_FAILED', undefined, { email: `Use an address at ${host}, the tool's official domain` });
    const row = await insertClaim(db, {
      tool_id: toolId,
      user_id: userId,
      method: 'email',
      email,
      organisation: input.organisation ?? null,
      token_hash: sha256(token),
      expires_at: new Date(now + EMAIL_CLAIM_TTL_MS),
    });
    const link = siteLink(`/ai-tools/claim/verify?${new URLSearchParams({ claim: row.id, token }).toString()}`);
    await sendToolMail(
      db,
      { userId, reference: `tool-claim:${row.id}` },
      {
        to: email,
        subject: `Confirm you maintain ${tool.name} on toolmint`,
        greeting: 'Hi,',
        intro: [
          `Someone signed in to toolmint asked to become the verified maintainer of ${tool.name}, proving control of ${host} with this address.`,
          'If it was you, open this link while signed in to the same account. It works once, for 24 hours.',
        ],
        action: { label: `Verify ${tool.name}`, url: link },
        outro: ['If it was not you, ignore this email: nothing changes.'],
      },
    );
    return toClaim(db, row as ClaimRow, tool);
  }
  const challenge = `toolmint-verification=${token}`;
  const row = await insertClaim(db, {
    tool_id: toolId,
    user_id: userId,
    method: 'well_known',
    organisation: input.organisation ?? null,
    token_hash: sha256(challenge),
    challenge,
    expires_at: new Date(now + WELL_KNOWN_CLAIM_TTL_MS),
  });
  return toClaim(db, row as ClaimRow, tool);
}

/** The claimant's claim (404 for anyone else). */
async function ownClaim(db: Db, userId: string, claimId: string): Promise<ClaimRow> {
  const row = isUuid(claimId) ? await findClaim(db, claimId) : undefined;
  if (!row || row.user_id !== userId) throw new AppError('CLAIM_NOT_FOUND');
  return row as ClaimRow;
}

export async function getClaim(db: Db, userId: string | null | undefined, claimId: string): Promise<ToolClaim> {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  return toClaim(db, await ownClaim(db, userId, claimId));
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Fetches the well-known file through the SSRF guard; the reason it failed, or null. */
async function checkWellKnown(officialSite: string, challenge: string): Promise<string | null> {
  const url = wellKnownUrl(officialSite);
  try {
    const response = await outboundFetch(url, { timeoutMs: 10_000, maxResponseBytes: 4096, maxRedirects: 3, headers: { accept: 'text/plain' } });
    if (response.status !== 200) return `${url} answered ${response.status}`;
    const lines = response.body
      .toString('utf8')
      .split(/\r?\n/)
      .map((line) => line.trim());
    return lines.includes(challenge) ? null : `${url} does not contain the verification text`;
  } catch (error) {
    if (error instanceof OutboundRefusedError || error instanceof OutboundRequestError) return `${url} could not be read: ${error.message}`;
    throw error;
  }
}

/** Makes the claimant the tool's owner (one transaction); the previous owner, if any, stays a co-maintainer. */
async function grantOwnership(db: Db, claim: ClaimRow, decidedBy: string | null): Promise<void> {
  const profile = await findClaimantProfile(db, claim.user_id);
  const maintainerName = claim.organisation ?? profile?.company ?? profile?.full_name ?? 'Verified maintainer';
  await jobsReady(db);
  const pages = await db.transaction().execute(async (trx) => {
    await demoteOwner(trx, claim.tool_id);
    await upsertOwner(trx, claim.tool_id, claim.user_id);
    await markToolClaimed(trx, claim.tool_id, { claimedBy: claim.user_id, maintainerName });
    await markClaimVerified(trx, claim.id, decidedBy);
    // Its pages show 'Verified' and the maintainer's name.
    const tool = await selectTool(trx, claim.tool_id);
    return tool ? [await recordPageChange(trx, { reason: 'tool_changed', productId: null, paths: pagesShowingTool(tool.id, tool.detail_page) })] : [];
  });
  afterCommit(db, pages);
}

/**
 * Completes a claim: the email link's token, or the well-known file fetched now. A tool with an
 * owner account already: the claim waits for an administrator.
 */
export async function verifyClaim(db: Db, userId: string | null | undefined, claimId: string, { token }: { token?: string | undefined }): Promise<ToolClaim> {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  const claim = await ownClaim(db, userId, claimId);
  if (claim.status !== 'pending') throw new AppError('CLAIM_NOT_PENDING');
  if (new Date(claim.expires_at).getTime() < Date.now()) throw new AppError('CLAIM_CHECK_FAILED', 'This claim has expired: start a new one');
  const tool = await selectTool(db, claim.tool_id);
  if (!tool || tool.status !== 'approved' || !tool.official_site) throw new AppError('TOOL_NOT_FOUND');
  if (claim.method === 'email') {
    if (!token || !sameHash(sha256(token), claim.token_hash)) throw new AppError('CLAIM_CHECK_FAILED', 'This verification link is not valid');
  } else {
    const problem = await checkWellKnown(tool.official_site, claim.challenge ?? '');
    if (problem) throw new AppError('CLAIM_CHECK_FAILED', `The verification file was not found: ${problem}`);
  }
  if (tool.claimed_by && tool.claimed_by !== userId) {
    const updated = await moveClaimToReview(db, claim.id);
    return toClaim(db, updated as ClaimRow, tool);
  }
  await grantOwnership(db, claim, null);
  await notifyOfTool(db, { userIds: [userId], toolId: tool.id, event: 'claim_verified' });
  await tellUser(db, userId, {
    subject: `You are the verified maintainer of ${tool.name}`,
    intro: [`Your claim of ${tool.name} is verified. Its page now shows 'Verified', and you can edit it, post updates and invite co-maintainers.`],
    action: { label: `Manage ${tool.name}`, url: siteLink(`/ai-tools/manage/${tool.id}`) },
  });
  return toClaim(db, (await ownClaim(db, userId, claimId)) as ClaimRow, tool);
}

async function assertAdmin(db: Db, actorId: string): Promise<void> {
  if (!(await isAdmin(db, actorId))) throw new AppError('FORBIDDEN');
}

/** Claims of tools that already had an owner, proven, waiting for an administrator (oldest first). */
export async function listClaimQueue(db: Db, actorId: string): Promise<ToolClaim[]> {
  await assertAdmin(db, actorId);
  const rows = await selectClaimsInReview(db);
  return Promise.all(rows.map((row) => toClaim(db, row as ClaimRow)));
}

export async function reviewClaim(
  db: Db,
  actorId: string,
  claimId: string,
  { decision, message }: { decision: 'approve' | 'reject'; message?: string | null | undefined },
): Promise<ToolClaim> {
  await assertAdmin(db, actorId);
  const claim = isUuid(claimId) ? ((await findClaim(db, claimId)) as ClaimRow | undefined) : undefined;
  if (!claim) throw new AppError('CLAIM_NOT_FOUND');
  if (claim.status !== 'in_review') throw new AppError('CLAIM_NOT_IN_REVIEW');
  const tool = await selectTool(db, claim.tool_id);
  if (decision === 'approve') {
    await grantOwnership(db, claim, actorId);
  } else {
    await rejectClaimRow(db, claim.id, { note: message ?? null, decidedBy: actorId });
  }
  await notifyOfTool(db, {
    userIds: [claim.user_id],
    toolId: claim.tool_id,
    event: decision === 'approve' ? 'claim_verified' : 'claim_rejected',
    note: decision === 'approve' ? null : (message ?? null),
  });
  await tellUser(db, claim.user_id, {
    subject:
      decision === 'approve'
        ? `You are the verified maintainer of ${tool?.name ?? claim.tool_id}`
        : `Your claim of ${tool?.name ?? claim.tool_id} was not accepted`,
    intro:
      decision === 'approve'
        ? [`An administrator accepted your claim of ${tool?.name ?? claim.tool_id}.`]
        : [`An administrator did not accept your claim of ${tool?.name ?? claim.tool_id}.`, ...(message ? [message] : [])],
    action: decision === 'approve' ? { label: 'Manage the tool', url: siteLink(`/ai-tools/manage/${claim.tool_id}`) } : null,
  });
  return toClaim(db, (await getClaimRow(db, claim.id)) as ClaimRow, tool);
}

/** An administrator revokes a tool's claim: no owner, no co-maintainers, not 'Verified'. */
export async function revokeClaim(db: Db, actorId: string, toolId: string, { reason }: { reason: string }): Promise<{ toolId: string; revoked: boolean }> {
  await assertAdmin(db, actorId);
  const tool = isToolId(toolId) ? await selectTool(db, toolId) : undefined;
  if (!tool) throw new AppError('TOOL_NOT_FOUND');
  const maintainers = await selectMaintainerIds(db, toolId);
  if (!tool.claimed_by && !tool.verified_at && !tool.maintainer_name && maintainers.length === 0) throw new AppError('TOOL_NOT_CLAIMED');
  await jobsReady(db);
  const pages = await db.transaction().execute(async (trx) => {
    await deleteMaintainers(trx, toolId);
    await deleteOpenInvites(trx, toolId);
    await revokeClaimRows(trx, toolId, { note: reason, decidedBy: actorId });
    await clearToolClaim(trx, toolId);
    return recordPageChange(trx, { reason: 'tool_changed', productId: null, paths: pagesShowingTool(toolId, tool.detail_page) });
  });
  afterCommit(db, [pages]);
  await notifyOfTool(db, { userIds: maintainers.map((m) => m.user_id), toolId, event: 'claim_revoked', note: reason });
  for (const m of maintainers) {
    await tellUser(db, m.user_id, {
      subject: `Your claim of ${tool.name} was revoked`,
      intro: [`An administrator revoked the claim of ${tool.name}: you no longer maintain it. The reason given:`, reason],
      action: null,
    });
  }
  return { toolId, revoked: true };
}
