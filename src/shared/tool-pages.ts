/**
 * What the AI tool pages (/ai-tools, /tools/{id}, /tools/{id}/landing) show about a tool,
 * combining its static description (ai-tools.ts) with its live figures from the database
 * (product count, followers, latest update, maintainer). Pure functions, unit tested; the
 * pages call them when they render.
 */
import type { AiToolCategory } from './domain';
import type { AiTool } from './ai-tools';

/** A tool's live figures (functions/catalogue/catalogue-pages.service.ts getToolFigures). */
export interface ToolFiguresInput {
  productCount: number;
  followerCount: number;
  latestUpdateAt: string | null;
  maintainerName: string | null;
}

export interface ToolSummary {
  productCount: number;
  followerCount: number;
  /** ISO date or date-time of the latest update: the newest tool update, else the tool's last release. */
  latestUpdate: string;
  isClaimed: boolean;
  /** Shown as 'Maintained by {maintainer}' when claimed. */
  maintainer: string | null;
}

/**
 * The database row is the live state of a claim (the seed copies ai-tools.ts; a claim
 * later changes the row), so its figures win over the static fields.
 */
export function summarizeTool(tool: AiTool, figures: ToolFiguresInput | undefined): ToolSummary {
  const maintainer = figures ? figures.maintainerName : tool.isClaimed ? tool.claimedBy : null;
  return {
    productCount: figures?.productCount ?? 0,
    followerCount: figures?.followerCount ?? 0,
    latestUpdate: latestOf(tool.lastUpdate, figures?.latestUpdateAt ?? null),
    isClaimed: Boolean(maintainer),
    maintainer: maintainer || null,
  };
}

function latestOf(a: string, b: string | null): string {
  if (!b) return a;
  return new Date(b).getTime() > new Date(a).getTime() ? b : a;
}

/** 'View Details' goes to the detail page when the tool has one, else to its landing page. */
export function toolDetailsHref(tool: Pick<AiTool, 'id' | 'hasDetailPage'>): string {
  return tool.hasDetailPage ? `/tools/${tool.id}` : `/tools/${tool.id}/landing`;
}

/** The marketplace filtered to products built with the tool. */
export function toolMarketplaceHref(id: string): string {
  return `/marketplace?${new URLSearchParams({ tool: id }).toString()}`;
}

/** '1 product', '12 products'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

const APPLICATION_CATEGORY: Record<AiToolCategory, string> = {
  Automation: 'BusinessApplication',
  Development: 'DeveloperApplication',
  'AI Assistant': 'ProductivityApplication',
  'Image Generation': 'MultimediaApplication',
  'Video Generation': 'MultimediaApplication',
  Other: 'WebApplication',
};

/** schema.org SoftwareApplication for a tool page (https://schema.org/SoftwareApplication). */
export function toolJsonLd(tool: AiTool, pageUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: tool.name,
    description: tool.description,
    applicationCategory: APPLICATION_CATEGORY[tool.category],
    applicationSubCategory: tool.category,
    // An empty operatingSystem says nothing true: left out when the tool lists no platform.
    ...(tool.supportedPlatforms.length ? { operatingSystem: tool.supportedPlatforms.join(', ') } : {}),
    url: tool.officialSite,
    mainEntityOfPage: pageUrl,
    sameAs: [tool.officialSite, ...(tool.documentation ? [tool.documentation] : []), ...(tool.github ? [tool.github] : [])],
    featureList: tool.features,
    dateModified: tool.lastUpdate,
  };
}
