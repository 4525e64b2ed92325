/**
 * Who maintains a tool, for its changelog sources (docs/decisions/039). The one place the
 * feeds ask: today the tool's claim (ai_tools.claimed_by) as the tool-updates service decides
 * who may post; the directory's maintainers (issue 17, 'Claim Your Tool') replace it here.
 */
import type { Db } from '@/db/database';
import { canPostUpdate } from '../tool-updates/tool-updates.service';

/** The tool's maintainer, or an administrator: manages its sources and re-types its updates. */
export async function canManageToolFeeds(db: Db, userId: string | null | undefined, toolId: string): Promise<boolean> {
  return canPostUpdate(db, userId, toolId);
}

/** The users told when one of the tool's sources is paused. */
export async function maintainerIdsOf(db: Db, toolId: string): Promise<string[]> {
  const row = await db.selectFrom('ai_tools').select('claimed_by').where('id', '=', toolId).executeTakeFirst();
  return row?.claimed_by ? [row.claimed_by] : [];
}
