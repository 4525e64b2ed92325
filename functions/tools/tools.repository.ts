/**
 * Reads and writes of ai_tools (docs/decisions/038). The directory is small (tens to a few
 * hundred rows), so lists read every approved row; single reads use the primary key and the
 * duplicate checks the partial unique indexes (ai_tools_site_host_live_key, ai_tools_name_live_key).
 */
import type { Selectable } from 'kysely';
import type { Db } from '@/db/database';
import type { AiToolsTable } from '@/db/schema';

export type ToolRow = Selectable<AiToolsTable>;

export async function selectTool(db: Db, id: string): Promise<ToolRow | undefined> {
  return db.selectFrom('ai_tools').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function selectApprovedTools(db: Db): Promise<ToolRow[]> {
  return db.selectFrom('ai_tools').selectAll().where('status', '=', 'approved').execute();
}

export async function selectApprovedToolNames(db: Db): Promise<{ id: string; name: string; category: ToolRow['category']; detail_page: boolean }[]> {
  return db.selectFrom('ai_tools').select(['id', 'name', 'category', 'detail_page']).where('status', '=', 'approved').execute();
}

/** A live tool (any status but rejected) with this host or this name (case-insensitive), other than `exceptId`. */
export async function findLiveDuplicate(
  db: Db,
  { host, name, exceptId }: { host: string; name: string; exceptId?: string | null },
): Promise<{ id: string; byHost: boolean; byName: boolean } | undefined> {
  const rows = await db
    .selectFrom('ai_tools')
    .select(['id', 'official_site_host', 'name'])
    .where('status', '<>', 'rejected')
    .where((eb) => eb.or([eb('official_site_host', '=', host), eb(eb.fn('lower', ['name']), '=', name.toLowerCase())]))
    .execute();
  const other = rows.filter((row) => row.id !== exceptId);
  const first = other[0];
  if (!first) return undefined;
  return {
    id: first.id,
    byHost: other.some((row) => row.official_site_host === host),
    byName: other.some((row) => row.name.toLowerCase() === name.toLowerCase()),
  };
}

export async function toolIdTaken(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('ai_tools').select('id').where('id', '=', id).executeTakeFirst());
}
