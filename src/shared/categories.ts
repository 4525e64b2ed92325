/**
 * The names and copy of the six marketplace categories (spec sections 2 and 9); the ids are
 * src/shared/domain.ts. The seed writes them to the categories table; pages use this list
 * for labels and filters.
 */
import { CATEGORY_IDS, type CategoryId } from './domain';

export interface CategoryInfo {
  id: CategoryId;
  name: string;
  description: string;
  /** Short line for the landing carousel. */
  tagline: string;
  /** Emoji-free glyph drawn with CSS; a colour pair for cards. */
  colors: [string, string];
}

const CATEGORY_COPY: Record<CategoryId, Omit<CategoryInfo, 'id'>> = {
  content: {
    name: 'Content & Writing',
    description: 'Prompt packs, writing assistants and content workflows for blogs, newsletters and social media.',
    tagline: 'Write faster with prompts and assistants that sound like you',
    colors: ['#7c5cff', '#c86bfa'],
  },
  design: {
    name: 'Design & Creative',
    description: 'Image-generation prompts, brand kits, UI templates and design assets made with AI.',
    tagline: 'Generate on-brand visuals, UI kits and assets in minutes',
    colors: ['#ff7a59', '#ffb347'],
  },
  audio: {
    name: 'Audio & Voice',
    description: 'Voice agents, podcast workflows, music prompts and speech models.',
    tagline: 'Voice agents, podcast pipelines and music prompts',
    colors: ['#11b5a4', '#5ee0c1'],
  },
  business: {
    name: 'Business & Automation',
    description: 'Automations, agents and templates for sales, support, operations and finance.',
    tagline: 'Automate sales, support and operations end to end',
    colors: ['#2f6bff', '#62b0ff'],
  },
  video: {
    name: 'Video & Animation',
    description: 'Video generation prompts, editing workflows and animation tools.',
    tagline: 'Script, generate and edit video with AI workflows',
    colors: ['#e2366f', '#ff7aa8'],
  },
  tech: {
    name: 'Development & Data',
    description: 'Code assistants, starter kits, data pipelines, models and security tooling.',
    tagline: 'Ship code, data pipelines and models with AI help',
    colors: ['#1f2a44', '#4b5d8a'],
  },
};

/** In CATEGORY_IDS order. */
export const CATEGORIES: readonly CategoryInfo[] = CATEGORY_IDS.map((id) => ({ id, ...CATEGORY_COPY[id] }));

export function findCategory(id: string | null | undefined): CategoryInfo | undefined {
  return CATEGORIES.find((c) => c.id === id);
}
