/**
 * The AI tools directory as pages read it (docs/decisions/038): tools are ai_tools rows (the
 * 14 built-in ones are seed rows, db/seed/ai-tools-data.ts), and only approved ones are public.
 * /ai-tools, /tools/{id}, /tools/{id}/landing, the sitemap, the landing page and the product
 * editor's AI tool options all read through here.
 */
import type { Db } from '@/db/database';
import type { AiTool } from '@/src/shared/ai-tools';
import { AI_TOOL_IDS } from '@/src/shared/ai-tool-ids';
import { AI_TOOL_CATEGORIES, type AiToolCategory } from '@/src/shared/domain';
import { CUSTOM_AI_TOOL_LABEL, CUSTOM_AI_TOOL_VALUE } from '@/src/shared/ai-tool-ids';
import { isToolId } from '@/src/shared/ids';
import { selectApprovedToolNames, selectApprovedTools, selectTool, type ToolRow } from './tools.repository';

const dateOnly = (value: Date | string) => new Date(value).toISOString().slice(0, 10);

/**
 * A `date` column as YYYY-MM-DD. The drivers differ: PGlite gives UTC midnight, pg-types (the
 * Neon driver) local midnight; `String(date)` gave 'Mon Nov 16' in JSON-LD's dateModified. A
 * midnight in UTC is read in UTC, any other instant as the local midnight it is.
 */
function calendarDay(value: Date | string): string {
  if (typeof value === 'string') return value.slice(0, 10);
  if (value.getUTCHours() === 0 && value.getUTCMinutes() === 0) return value.toISOString().slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** The landing copy a tool without its own gets: said from its name and description. */
function derivedLanding(row: Pick<ToolRow, 'name' | 'description'>): AiTool['landing'] {
  return {
    headline: `Build with ${row.name} on toolmint`,
    subheadline: `Templates, workflows and guides made with ${row.name} by the community. ${row.description}`.trim(),
    features: [
      { title: 'Ready to use', description: `Products that say which ${row.name} plan and version they need, with setup notes.` },
      { title: 'Reviewed by buyers', description: 'Ratings and reviews from people who got the product, verified purchases marked.' },
      { title: 'Follow updates', description: `Follow ${row.name} to get its release notes and security notices as they land.` },
    ],
  };
}

function toolFromRow(row: ToolRow): AiTool {
  const verified = Boolean(row.verified_at || row.maintainer_name);
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    longDescription: row.long_description || row.description,
    isClaimed: verified && Boolean(row.maintainer_name),
    claimedBy: verified ? row.maintainer_name : null,
    lastUpdate: row.last_release_on ? calendarDay(row.last_release_on) : dateOnly(row.reviewed_at ?? row.created_at),
    officialSite: row.official_site ?? '',
    documentation: row.documentation_url,
    github: row.github_url,
    pricing: row.pricing,
    supportedPlatforms: row.platforms,
    features: row.features,
    useCases: row.use_cases,
    stats: row.stats ?? [],
    gradient: [row.gradient_from, row.gradient_to],
    monogram: row.monogram || row.name.slice(0, 2),
    logoUrl: row.logo_url,
    hasDetailPage: row.detail_page,
    status: row.status,
    landing: row.landing ?? derivedLanding(row),
  };
}

/** Built-in tools first in their usual order, then the others by name. */
function directoryOrder(a: { id: string; name: string }, b: { id: string; name: string }): number {
  const ia = (AI_TOOL_IDS as readonly string[]).indexOf(a.id);
  const ib = (AI_TOOL_IDS as readonly string[]).indexOf(b.id);
  if (ia !== -1 || ib !== -1) return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib);
  return a.name.localeCompare(b.name, 'en');
}

/** An approved tool, as its pages show it (undefined: no such public tool). */
export async function getPublicTool(db: Db, id: string): Promise<AiTool | undefined> {
  if (!isToolId(id)) return undefined;
  const row = await selectTool(db, id);
  return row && row.status === 'approved' ? toolFromRow(row) : undefined;
}

/** Every approved tool in directory order. */
export async function listPublicTools(db: Db): Promise<AiTool[]> {
  return (await selectApprovedTools(db)).map(toolFromRow).sort(directoryOrder);
}

export interface ToolTypeGroup {
  group: AiToolCategory;
  options: { value: string; label: string }[];
}

/**
 * The grouped options of a product's `ai_tool_type` (the editor's select, the marketplace's
 * filter): every approved tool by category, then 'Other' with 'Custom / Other'.
 */
export async function listToolTypeOptions(db: Db): Promise<ToolTypeGroup[]> {
  const tools = (await selectApprovedToolNames(db)).sort(directoryOrder);
  const groups: ToolTypeGroup[] = AI_TOOL_CATEGORIES.map((group) => ({
    group,
    options: tools.filter((t) => t.category === group).map((t) => ({ value: t.id, label: t.name })),
  }));
  const other = groups.find((g) => g.group === 'Other');
  other?.options.push({ value: CUSTOM_AI_TOOL_VALUE, label: CUSTOM_AI_TOOL_LABEL });
  return groups.filter((g) => g.options.length > 0);
}

/** Whether `value` is a product's valid `ai_tool_type`: an approved tool's id, or 'custom'. */
export async function isToolTypeValue(db: Db, value: string): Promise<boolean> {
  if (value === CUSTOM_AI_TOOL_VALUE) return true;
  return Boolean(await getPublicTool(db, value));
}

/** Approved tool ids with their names and whether they have a detail page (sitemap, page publisher). */
export async function listPublicToolIds(db: Db): Promise<{ id: string; name: string; hasDetailPage: boolean }[]> {
  return (await selectApprovedToolNames(db)).sort(directoryOrder).map((t) => ({ id: t.id, name: t.name, hasDetailPage: t.detail_page }));
}
