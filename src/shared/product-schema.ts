/**
 * The product form's schema, shared by the editor island and the products API (spec
 * sections 3, 5 and 9). Fields a client may not set (creator_id, counters, rating,
 * timestamps) are not in it and are dropped by zod. Empty optional fields become absent.
 *
 * The limits and messages of title, description, short description and tags are the quality
 * score's (src/shared/quality-score.ts): what the score calls an issue, the API refuses, and
 * the editor's submit rule (title and description valid) is the same rule the API applies.
 *
 * Written in zod/mini, which the product studio island bundles (docs/decisions/022): each
 * classic method is its functional form, with the same checks in the same order
 * (`.trim().max(n)` is `.check(z.trim(), z.maxLength(n))`, `.optional()` is `z.optional()`,
 * `.default(v)` is `z._default()`, `.transform(f)` and `.pipe(s)` are `z.pipe()`). The server
 * parses with classic `z.parse(ProductInputSchema, raw)`, so a refusal is a classic ZodError.
 */
import { preprocess } from './zod-browser';
import * as z from 'zod/mini';
import { safeText } from './text';
import {
  CATEGORY_IDS,
  type AccessRequirementKey,
  CONTENT_TYPE_IDS,
  DELIVERY_TYPES,
  DEMO_LINK_TYPES,
  DEPLOYMENT_TYPES,
  PRICING_MODELS,
  PRODUCT_DEFAULTS,
  PRODUCT_STATUSES,
  DEFAULT_REFUND_POLICY,
  REFUND_POLICIES,
  TECHNICAL_LEVELS,
} from './domain';
import { TOOL_ID_PATTERN } from './ids';
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  SHORT_DESCRIPTION_MAX,
  TAGS_MAX,
  TITLE_MAX,
  TITLE_MIN,
  VIDEO_URL,
  VIDEO_URL_HINT,
  checkDemoUrl,
} from './quality-score';

export { TAGS_MAX, TITLE_MIN };

const ADDITIONAL_IMAGES_MAX = 12;
const FILE_URLS_MAX = 20;
export const DEMO_LINKS_MAX = 10;
export const LIST_MAX = 20;

// The access requirements' keys and labels are domain enums (src/shared/domain.ts); kept
// importable from here, where the schemas use them.
export { ACCESS_REQUIREMENT_KEYS, ACCESS_REQUIREMENT_LABELS, type AccessRequirementKey } from './domain';

/** A version number: 1 to 4 dot-separated numbers and an optional pre-release tag (1.2, 2.0.1, 3.0-beta.1); a leading 'v' is dropped. */
const VERSION_MAX = 32;
const VERSION_PATTERN = /^\d{1,9}(\.\d{1,9}){0,3}(-[0-9A-Za-z][0-9A-Za-z.-]*)?$/;
const VERSION_HINT = 'Use a version number like 1.2 or 2.0.1';
const RELEASE_NOTES_MAX = 5000;

/** '' and whitespace become undefined, so empty optional fields are stored as absent. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const optionalText = (max: number) => preprocess(blankToUndefined, z.optional(safeText().check(z.trim(), z.maxLength(max))));

/** A number, or a form's numeric text; anything else (true, null, an object) is refused, not coerced. */
const wholeNumber = preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number());

/** http(s) URL with a dotted host (spec section 5's demo URL rule, same messages). */
const httpUrl = safeText().check(
  z.trim(),
  z.maxLength(2000),
  z.superRefine((v: string, ctx) => {
    const check = checkDemoUrl(v);
    if (check.state === 'invalid') ctx.addIssue({ code: 'custom', message: check.message });
  }),
);

/** A stored file: an uploaded blob's URL (local /blobs/..., private:..., or https). */
const storedUrl = safeText().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(2000),
  z.refine((v: string) => /^(https?:\/\/|\/blobs\/|private:)/.test(v), 'Invalid file reference'),
);

const imageUrl = () => z.union([httpUrl, safeText().check(z.regex(/^\/blobs\//, 'Invalid image URL'))]);
const optionalUrl = preprocess(blankToUndefined, z.optional(httpUrl));
const optionalImage = preprocess(blankToUndefined, z.optional(imageUrl()));

/**
 * Trimmed, non-empty, no duplicates (spec section 5, list entries). Duplicates compare
 * case-insensitively, the first spelling kept, as the quality score counts them.
 */
export function cleanList(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    out.push(item);
  }
  return out;
}

const stringList = (maxItems: number, maxLength = 60, label = 'items') =>
  z.pipe(
    z.pipe(
      z._default(z.array(safeText()), []),
      z.transform((items: string[]) => cleanList(items)),
    ),
    z
      .array(safeText().check(z.maxLength(maxLength, `Each entry has at most ${maxLength} characters`)))
      .check(z.maxLength(maxItems, `Use at most ${maxItems} ${label}`)),
  );

/** A new product is a draft (spec section 9); an unknown status is refused, never made a draft (issue 14). */
export const ProductStatusSchema = z._default(z.enum(PRODUCT_STATUSES), PRODUCT_DEFAULTS.status);

const DemoLinkSchema = z.strictObject({
  // A fresh id when absent: documented without a default value (it is made per link).
  id: z
    ._default(safeText().check(z.trim(), z.minLength(1), z.maxLength(40)), () => String(Date.now()))
    .register(z.globalRegistry, { description: 'Made from the time when absent', default: undefined }),
  type: z.enum(DEMO_LINK_TYPES),
  url: httpUrl,
  title: safeText().check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(120)),
  description: optionalText(300),
});

const AccessRequirementsSchema = z.strictObject({
  accounts: optionalText(300),
  api_keys: optionalText(300),
  hardware: optionalText(300),
  other: optionalText(300),
});

/** The product's fields, each with its rule: the API's bodies are built on them (src/shared/api/schemas/products.ts). */
export const ProductFieldsSchema = z.object({
  title: safeText({ error: 'Title is required' }).check(
    z.trim(),
    z.minLength(1, 'Title is required'),
    z.minLength(TITLE_MIN, `Title must be at least ${TITLE_MIN} characters`),
    z.maxLength(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
  ),
  description: safeText({ error: 'Description is required' }).check(
    z.trim(),
    z.minLength(1, 'Description is required'),
    z.minLength(DESCRIPTION_MIN, `Description must be at least ${DESCRIPTION_MIN} characters`),
    z.maxLength(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
  ),
  short_description: optionalText(SHORT_DESCRIPTION_MAX),
  status: ProductStatusSchema,
  price: preprocess(
    (v) => {
      const n = typeof v === 'string' ? Number.parseFloat(v) : v;
      return typeof n === 'number' && Number.isFinite(n) ? Math.round(n * 100) / 100 : 0; // 0 if unparseable
    },
    z.number().check(z.gte(0, 'Price cannot be negative'), z.lte(100_000)),
  ),
  category_id: preprocess(blankToUndefined, z.optional(z.enum(CATEGORY_IDS))),
  tags: stringList(TAGS_MAX, 40, 'tags'),
  demo_url: optionalUrl,
  download_url: optionalUrl,
  image_url: optionalImage,
  featured_image_url: optionalImage,
  additional_images: z._default(z.array(imageUrl()).check(z.maxLength(ADDITIONAL_IMAGES_MAX, `Use at most ${ADDITIONAL_IMAGES_MAX} additional images`)), []),
  video_demo_url: preprocess(blankToUndefined, z.optional(httpUrl.check(z.refine((v: string) => VIDEO_URL.test(v), VIDEO_URL_HINT)))),
  // An approved tool's id or 'custom' (the server checks the tool exists: docs/decisions/038).
  ai_tool_type: preprocess(blankToUndefined, z.optional(z.string().check(z.regex(TOOL_ID_PATTERN, 'Unknown AI tool')))),
  content_type: preprocess(blankToUndefined, z.optional(z.enum(CONTENT_TYPE_IDS))),
  pricing_model: z._default(z.enum(PRICING_MODELS), PRODUCT_DEFAULTS.pricingModel),
  // The metrics and the technical level are optional (issue 15): absent is 'not set', stored as
  // null, and the product page leaves them out. The editor starts from the spec's values but
  // sends them only once the creator changes them (src/components/studio/editor-state.ts).
  technical_level: preprocess(blankToUndefined, z.optional(z.enum(TECHNICAL_LEVELS))),
  deployment_type: z._default(z.enum(DEPLOYMENT_TYPES), PRODUCT_DEFAULTS.deploymentType),
  compatibility_tags: stringList(LIST_MAX),
  use_cases: stringList(LIST_MAX, 200),
  required_skills: stringList(LIST_MAX),
  output_types: stringList(LIST_MAX),
  integration_complexity: z.optional(z.pipe(wholeNumber, z.number().check(z.int(), z.gte(1), z.lte(5)))),
  success_rate: z.optional(z.pipe(wholeNumber, z.number().check(z.int(), z.gte(0), z.lte(100)))),
  // Whole number, at least 0; invalid becomes 0 (spec section 5).
  avg_setup_time: z.optional(
    preprocess(
      (v) => {
        const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
        return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0;
      },
      z.number().check(z.int(), z.gte(0), z.lte(100_000)),
    ),
  ),
  content_delivery_type: z.enum(DELIVERY_TYPES, { error: 'Choose how buyers receive the product' }),
  content_text: optionalText(20_000),
  file_urls: z._default(z.array(storedUrl).check(z.maxLength(FILE_URLS_MAX, `Attach at most ${FILE_URLS_MAX} files`)), []),
  download_instructions: optionalText(2000),
  // A licence key per purchase, or per buyer of a free product (functions/licenses, docs/decisions/026).
  issues_license_keys: z._default(z.boolean(), false),
  // Refunds: none, or within 7, 14 or 30 days of payment (docs/decisions/049); absent is the default, 30 days.
  refund_policy: z._default(z.enum(REFUND_POLICIES, { error: 'Choose a refund policy' }), DEFAULT_REFUND_POLICY),
  // Pay what you want (docs/decisions/077): the buyer names the price, `price` is the minimum (may
  // be 0) and `suggested_price` the amount offered first (absent: the minimum). One-time only,
  // and the suggestion at least the minimum: checked on the saved row (pwywFieldErrors).
  pay_what_you_want: z._default(z.boolean({ error: 'Must be true or false' }), false),
  suggested_price: preprocess(
    (v) => {
      if (v === '' || v === null || v === undefined) return undefined;
      const n = typeof v === 'string' ? Number(v) : v;
      return typeof n === 'number' && Number.isFinite(n) ? Math.round(n * 100) / 100 : v;
    },
    z.optional(
      z
        .number({ error: 'Enter a suggested price in dollars, like 12.50' })
        .check(z.gte(0, 'The suggested price cannot be negative'), z.lte(10_000, 'The suggested price can be at most $10,000')),
    ),
  ),
  demo_links: z._default(z.array(DemoLinkSchema).check(z.maxLength(DEMO_LINKS_MAX, `Add at most ${DEMO_LINKS_MAX} demo links`)), []),
  access_requirements: z.pipe(
    z._default(AccessRequirementsSchema, {}),
    // Absent entries are dropped, so an empty object means "no requirements".
    z.transform(
      (r: z.output<typeof AccessRequirementsSchema>) =>
        Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as Partial<Record<AccessRequirementKey, string>>,
    ),
  ),
  // The version buyers get and what changed in it (docs/decisions/030): publishing a new one notifies its owners.
  version: preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/^v(?=\d)/i, '') : v),
    preprocess(
      blankToUndefined,
      z.optional(safeText().check(z.maxLength(VERSION_MAX, `Version must be at most ${VERSION_MAX} characters`), z.regex(VERSION_PATTERN, VERSION_HINT))),
    ),
  ),
  release_notes: optionalText(RELEASE_NOTES_MAX),
});

/** Spec section 5: a free product's price is 0, whatever was sent. */
export function withPricingRule<T extends { pricing_model: string; price: number }>(p: T): T {
  return p.pricing_model === 'free' ? { ...p, price: 0 } : p;
}

export const ProductInputSchema = z.pipe(
  ProductFieldsSchema,
  z.transform((p: z.output<typeof ProductFieldsSchema>) => withPricingRule(p)),
);

export type ProductInput = z.infer<typeof ProductInputSchema>;
