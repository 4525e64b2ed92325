/**
 * Marketplace search parameters (GET /api/products and the /marketplace URL), shared by
 * the API and the search island. Spec sections 2 (Marketplace), 3 (the legacy content-type
 * ids) and 9 (budgets). The enumerations themselves are src/shared/domain.ts.
 * The schema is zod/mini like every schema under src/ (docs/decisions/022); the API parses it
 * with classic `z.parse` (functions/catalogue/search.service.ts), so a refusal is a ZodError.
 */
import { preprocess } from './zod-browser';
import * as z from 'zod/mini';
import { safeText } from './text';
import { CATEGORY_IDS, CONTENT_TYPE_IDS, PRICING_MODELS, TECHNICAL_LEVELS, isOneOf, type ContentTypeId } from './domain';
import { TOOL_ID_PATTERN } from './ids';
import { BUDGET_OPTIONS } from './marketplace-url';

/**
 * Legacy content-type ids and what they mean now (spec section 3). 'others' has no modern
 * counterpart, so it means every type, like 'all'.
 */
const LEGACY_CONTENT_TYPES: Record<string, ContentTypeId | 'all'> = {
  music: 'voice-audio',
  video: 'video-animation',
  prompts: 'prompts-templates',
  saas: 'web-saas',
  'design-assets': 'design-assets',
  'data-tools': 'data-analytics',
  automation: 'workflow-automation',
  'ai-models': 'ai-models',
  'web-apps': 'web-saas',
  'mobile-apps': 'mobile-apps',
  code: 'code-development',
  assistants: 'ai-assistants',
  others: 'all',
};

function normalizeContentType(value: string): ContentTypeId | 'all' | undefined {
  if (value === 'all') return 'all';
  if (isOneOf(CONTENT_TYPE_IDS, value)) return value;
  return LEGACY_CONTENT_TYPES[value];
}

/** The budget filters: the hero's options (src/shared/marketplace-url.ts) without 'Any price'. */
export const BUDGETS = BUDGET_OPTIONS.filter((o): o is Exclude<(typeof BUDGET_OPTIONS)[number], { value: 'any' }> => o.value !== 'any');
export type Budget = (typeof BUDGETS)[number]['value'];

/** Price bounds of a budget: min inclusive, max exclusive. 'Under $50' includes free products. */
export const BUDGET_BOUNDS: Record<Budget, { min?: number; max?: number; exact?: number }> = {
  free: { exact: 0 },
  'under-50': { max: 50 },
  '50-100': { min: 50, max: 100 },
  '100-plus': { min: 100 },
};

export const SORTS = [
  { value: 'relevance', label: 'Most relevant' },
  { value: 'newest', label: 'Newest' },
  { value: 'popular', label: 'Most popular' },
  { value: 'top_rated', label: 'Top rated' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
] as const;
export type Sort = (typeof SORTS)[number]['value'];

export const PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 60;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  preprocess((v) => (v === '' || v === null ? undefined : v), z.optional(z.enum(values, { error: message })));

export const SearchParamsSchema = z.object({
  search: z.pipe(
    preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.optional(safeText().check(z.maxLength(200, 'Search must be 200 characters or fewer')))),
    z.transform((v: string | undefined) => v || undefined),
  ),
  category: optionalEnum(CATEGORY_IDS, `Unknown category. Use one of: ${CATEGORY_IDS.join(', ')}`),
  type: z.pipe(
    preprocess((v) => (v === '' || v === null ? undefined : v), z.optional(z.string())),
    z.transform((v: string | undefined, ctx) => {
      if (v === undefined) return undefined;
      const normalized = normalizeContentType(v);
      if (!normalized) {
        ctx.issues.push({ code: 'custom', message: 'Unknown content type', input: v });
        return z.NEVER;
      }
      return normalized === 'all' ? undefined : normalized;
    }),
  ),
  budget: optionalEnum(BUDGETS.map((b) => b.value) as unknown as readonly [Budget, ...Budget[]], 'Unknown budget. Use free, under-50, 50-100 or 100-plus'),
  // Any tool id of the directory (the tools live in the database, docs/decisions/038).
  tool: preprocess((v) => (v === '' ? undefined : v), z.optional(z.string().check(z.regex(TOOL_ID_PATTERN, 'Unknown AI tool')))),
  pricing: optionalEnum(PRICING_MODELS, 'Unknown pricing model'),
  level: optionalEnum(TECHNICAL_LEVELS, 'Unknown technical level'),
  sort: optionalEnum(SORTS.map((s) => s.value) as unknown as readonly [Sort, ...Sort[]], 'Unknown sort'),
  cursor: preprocess((v) => (v === '' ? undefined : v), z.optional(safeText().check(z.maxLength(500)))),
  limit: preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    z.optional(
      z
        .number({ error: 'Limit must be a number' })
        .check(z.int('Limit must be a whole number'), z.gte(1, 'Limit must be at least 1'), z.lte(MAX_PAGE_SIZE, `Limit must be at most ${MAX_PAGE_SIZE}`)),
    ),
  ),
});

export type SearchParams = z.infer<typeof SearchParamsSchema>;

/** The effective sort: relevance only means something with a search. */
export function effectiveSort(params: Pick<SearchParams, 'search' | 'sort'>): Sort {
  if (params.sort && (params.sort !== 'relevance' || params.search)) return params.sort;
  return params.search ? 'relevance' : 'newest';
}
