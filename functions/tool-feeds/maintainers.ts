/**
 * Who maintains a tool, for its changelog sources (docs/decisions/039): the directory's
 * maintainers (tool_maintainers: the owner who claimed it and invited co-maintainers,
 * docs/decisions/038) and administrators, through the one check every tool write uses.
 */
import type { Db } from '@/db/database';
import { isToolMaintainer } from '../tools/tool-maintainers';
import { findToolClaimant, selectMaintainerIds } from '../tools/tools.repository';

/** A maintainer of the tool, or an administrator: manages its sources and re-types its updates. */
export async function canManageToolFeeds(db: Db, userId: string | null | undefined, toolId: string): Promise<boolean> {
  return isToolMaintainer(db, userId, toolId);
}

/** The users told when one of the tool's sources is paused: its maintainers (and the owner of a claim). */
export async function maintainerIdsOf(db: Db, toolId: string): Promise<string[]> {
  const [tool, rows] = await Promise.all([findToolClaimant(db, toolId), selectMaintainerIds(db, toolId)]);
  return [...new Set([...(tool?.claimed_by ? [tool.claimed_by] : []), ...rows.map((r) => r.user_id)])];
}
