/**
 * Who may act for a tool (docs/decisions/038): its maintainers (tool_maintainers: the owner
 * who claimed it and the co-maintainers they invited) and administrators. The one check every
 * tool write uses: editing the page, posting updates by hand (functions/tool-updates), managing
 * changelog sources (the feeds), inviting co-maintainers.
 */
import type { Db } from '@/db/database';
import { isAdmin } from '../_shared/auth-guard';
import { isToolId } from '@/src/shared/ids';
import { findToolMaintainerRow } from './tools.repository';

/** A maintainer (owner or co-maintainer) of the tool, or an administrator. False for unknown tools or no user. */
export async function isToolMaintainer(db: Db, userId: string | null | undefined, toolId: string): Promise<boolean> {
  if (!userId || !isToolId(toolId)) return false;
  const row = await findToolMaintainerRow(db, toolId, userId);
  if (!row) return false;
  // The owner is claimed_by and holds the 'owner' row; either one is enough.
  if (row.role || row.claimed_by === userId) return true;
  return isAdmin(db, userId);
}
