/**
 * The 14 built-in AI tools as the app's rules and islands need them: ids, display names,
 * categories, the grouped options of a product's `ai_tool_type` field, and which tools have a
 * /tools/{id} detail page. Small on purpose (docs/decisions/018): the product schema, the
 * search parameters and the islands import this, never the marketing copy of
 * src/shared/ai-tools.ts (descriptions, landing copy, features, stats), which only the
 * server and the Astro pages read.
 */
import { AI_TOOL_CATEGORIES, isOneOf, type AiToolCategory } from './domain';

export const AI_TOOL_IDS = [
  'n8n',
  'make',
  'zapier',
  'lovable',
  'bolt',
  'cursor',
  'github-copilot',
  'gemini',
  'chatgpt',
  'deepseek',
  'claude',
  'midjourney',
  'stable-diffusion',
  'runway',
] as const;
export type AiToolId = (typeof AI_TOOL_IDS)[number];

/** Category groups in display order (src/shared/domain.ts). */
export { type AiToolCategory } from './domain';

/** Each tool's display name and category. */
export const AI_TOOL_NAMES: Record<AiToolId, { name: string; category: AiToolCategory }> = {
  n8n: { name: 'n8n', category: 'Automation' },
  make: { name: 'Make', category: 'Automation' },
  zapier: { name: 'Zapier', category: 'Automation' },
  lovable: { name: 'Lovable', category: 'Development' },
  bolt: { name: 'Bolt', category: 'Development' },
  cursor: { name: 'Cursor', category: 'Development' },
  'github-copilot': { name: 'GitHub Copilot', category: 'Development' },
  gemini: { name: 'Gemini', category: 'AI Assistant' },
  chatgpt: { name: 'ChatGPT', category: 'AI Assistant' },
  deepseek: { name: 'DeepSeek', category: 'AI Assistant' },
  claude: { name: 'Claude', category: 'AI Assistant' },
  midjourney: { name: 'Midjourney', category: 'Image Generation' },
  'stable-diffusion': { name: 'Stable Diffusion', category: 'Image Generation' },
  runway: { name: 'Runway', category: 'Video Generation' },
};

/** The `ai_tool_type` value for products built with a tool outside the catalogue. */
export const CUSTOM_AI_TOOL_VALUE = 'custom';
export const CUSTOM_AI_TOOL_LABEL = 'Custom / Other';
const UNKNOWN_AI_TOOL_LABEL = 'AI Tool';

/** Every value a product's `ai_tool_type` (and the marketplace's tool filter) may hold. */
export const AI_TOOL_TYPE_VALUES = [...AI_TOOL_IDS, CUSTOM_AI_TOOL_VALUE] as const;
export type AiToolTypeValue = (typeof AI_TOOL_TYPE_VALUES)[number];

/**
 * The built-in tools seeded with a /tools/{id} detail page (db/seed) and shown in the home page's
 * spotlight. Which tools have one is each row's `detail_page` (docs/decisions/038): read that.
 */
export const TOOL_DETAIL_IDS: readonly AiToolId[] = ['n8n', 'lovable', 'chatgpt', 'zapier', 'claude', 'midjourney'];

/** The grouped options of the `ai_tool_type` select and the marketplace's tool filter. */
export const AI_TOOL_TYPE_OPTIONS: readonly {
  group: AiToolCategory | 'Other';
  options: { value: AiToolTypeValue; label: string }[];
}[] = [
  ...AI_TOOL_CATEGORIES.filter((group) => group !== 'Other').map((group) => ({
    group,
    options: AI_TOOL_IDS.filter((id) => AI_TOOL_NAMES[id].category === group).map((id) => ({ value: id, label: AI_TOOL_NAMES[id].name })),
  })),
  { group: 'Other', options: [{ value: CUSTOM_AI_TOOL_VALUE, label: CUSTOM_AI_TOOL_LABEL }] },
];

export function isAiToolId(value: string): value is AiToolId {
  return isOneOf(AI_TOOL_IDS, value);
}

/** Display label for a product's `ai_tool_type` value. */
export function aiToolLabel(value: string | null | undefined): string {
  if (!value) return UNKNOWN_AI_TOOL_LABEL;
  if (value === CUSTOM_AI_TOOL_VALUE) return CUSTOM_AI_TOOL_LABEL;
  return isAiToolId(value) ? AI_TOOL_NAMES[value].name : UNKNOWN_AI_TOOL_LABEL;
}
