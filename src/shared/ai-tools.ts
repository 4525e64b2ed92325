/**
 * What a page knows about an AI tool of the directory (docs/decisions/038): the shape
 * functions/tools/tools.service.ts builds from an ai_tools row. The tools themselves live in
 * the database; the 14 built-in ones are seed rows (db/seed/ai-tools-data.ts). Types only.
 */
import type { AiToolCategory, ToolStatus } from './domain';

export interface AiToolFeatureCard {
  title: string;
  description: string;
}

export interface AiTool {
  id: string;
  name: string;
  category: AiToolCategory;
  /** One sentence, used on cards. */
  description: string;
  /** Two or three sentences, used on the detail page. */
  longDescription: string;
  /** Verified tools show 'Verified' and 'Maintained by'. */
  isClaimed: boolean;
  /** 'Maintained by' name when verified, otherwise null. */
  claimedBy: string | null;
  /** ISO date (YYYY-MM-DD) of the latest public release we know of. */
  lastUpdate: string;
  officialSite: string;
  documentation: string | null;
  github: string | null;
  pricing: string;
  supportedPlatforms: string[];
  features: string[];
  useCases: string[];
  stats: { label: string; value: string }[];
  /** Two hex colours for the hero and logo background. */
  gradient: [string, string];
  /** One to three letters drawn as the logo when no logo was uploaded. */
  monogram: string;
  /** An uploaded logo (the image pipeline), drawn instead of the monogram. */
  logoUrl: string | null;
  /** Whether /tools/{id} is a detail page (otherwise it points at the landing page). */
  hasDetailPage: boolean;
  status: ToolStatus;
  /** Copy for /tools/{id}/landing: what building with this tool on toolmint gives you. */
  landing: {
    headline: string;
    subheadline: string;
    features: AiToolFeatureCard[];
  };
}
