/**
 * The product editor's form state, as pure functions (unit-tested): the defaults of spec
 * section 9, a saved product turned into form values, the form turned into the API payload
 * (empty optional fields absent, the price and average setup time rules of section 5), list
 * entries (trimmed, non-empty, no duplicates), and the checks the form runs before it sends.
 * The payload is validated with the same zod schema the API uses.
 */
import { pwywFieldErrors } from '@/src/shared/pwyw';
import { isAffiliatePercent, MAX_AFFILIATE_PERCENT, MIN_AFFILIATE_PERCENT } from '@/src/shared/affiliates';
import { ACCESS_REQUIREMENT_KEYS, ProductInputSchema, cleanList, type AccessRequirementKey } from '@/src/shared/product-schema';
import {
  DEFAULT_REFUND_POLICY,
  PRODUCT_DEFAULTS,
  type RefundPolicy,
  type DeliveryType,
  type DemoLinkType,
  type DeploymentType,
  type PricingModel,
  type ProductStatus,
  type TechnicalLevel,
} from '@/src/shared/domain';
import type { ProductBody } from '@/src/shared/api/schemas/products';
import type { StudioProduct } from './types';

export interface DemoLinkDraft {
  id: string;
  type: DemoLinkType;
  url: string;
  title: string;
  description: string;
}

export interface EditorValues {
  title: string;
  short_description: string;
  description: string;
  tags: string[];
  category_id: string;
  status: ProductStatus;
  image_url: string;
  featured_image_url: string;
  additional_images: string[];
  /** '' until the creator chooses: the delivery section stays highlighted. */
  content_delivery_type: DeliveryType | '';
  file_urls: string[];
  download_url: string;
  content_text: string;
  download_instructions: string;
  /** Each purchase (a free product: each buyer's first download) gets a licence key. */
  issues_license_keys: boolean;
  /** No refunds, or within 7, 14 or 30 days of payment (docs/decisions/049). */
  refund_policy: RefundPolicy;
  /** Pay what you want (docs/decisions/077): `price` is then the minimum. */
  pay_what_you_want: boolean;
  suggested_price: string;
  /**
   * Affiliates (docs/decisions/081, 083): on with a commission of 1-75 % of the net. Not part of
   * the product's payload: saved after it by PUT /api/studio/products/{id}/affiliates.
   */
  affiliates: boolean;
  affiliate_percent: string;
  demo_url: string;
  video_demo_url: string;
  demo_links: DemoLinkDraft[];
  ai_tool_type: string;
  content_type: string;
  technical_level: TechnicalLevel;
  pricing_model: PricingModel;
  price: string;
  deployment_type: DeploymentType;
  avg_setup_time: string;
  integration_complexity: number;
  success_rate: number;
  use_cases: string[];
  required_skills: string[];
  output_types: string[];
  compatibility_tags: string[];
  access_requirements: Record<AccessRequirementKey, string>;
  /** The version number and its release notes (docs/decisions/030); '' when none. */
  version: string;
  release_notes: string;
  /** The metrics still at their starting values, never changed by the creator: not sent, so not shown to buyers (issue 15). */
  metrics_unset: OptionalMetric[];
}

/**
 * The metrics a buyer sees only once the creator sets them (issue 15): the editor shows the
 * spec's starting values, marked 'Not shown until you change it', and leaves them out of the
 * payload (stored as null) until the creator changes them.
 */
export const OPTIONAL_METRICS = ['technical_level', 'integration_complexity', 'success_rate', 'avg_setup_time'] as const;
export type OptionalMetric = (typeof OPTIONAL_METRICS)[number];

/** Spec section 9: price 0, draft, one_time, beginner, ready_to_use, complexity 1, success 85, setup 5 (the metrics not set: metrics_unset). */
export function defaultValues(): EditorValues {
  return {
    title: '',
    short_description: '',
    description: '',
    tags: [],
    category_id: '',
    status: PRODUCT_DEFAULTS.status,
    image_url: '',
    featured_image_url: '',
    additional_images: [],
    content_delivery_type: '',
    file_urls: [],
    download_url: '',
    content_text: '',
    download_instructions: '',
    issues_license_keys: false,
    refund_policy: DEFAULT_REFUND_POLICY,
    pay_what_you_want: false,
    suggested_price: '',
    affiliates: false,
    affiliate_percent: '',
    demo_url: '',
    video_demo_url: '',
    demo_links: [],
    ai_tool_type: '',
    content_type: '',
    technical_level: PRODUCT_DEFAULTS.technicalLevel,
    pricing_model: PRODUCT_DEFAULTS.pricingModel,
    price: '0',
    deployment_type: PRODUCT_DEFAULTS.deploymentType,
    avg_setup_time: '5',
    integration_complexity: 1,
    success_rate: 85,
    use_cases: [],
    required_skills: [],
    output_types: [],
    compatibility_tags: [],
    access_requirements: { accounts: '', api_keys: '', hardware: '', other: '' },
    version: '',
    release_notes: '',
    metrics_unset: [...OPTIONAL_METRICS],
  };
}

/** Community score is earned from buyers, never set in the form (spec section 9 default 0). */
export const COMMUNITY_SCORE_DEFAULT = 0;

export function valuesFromProduct(p: StudioProduct): EditorValues {
  const start = defaultValues();
  const access = Object.fromEntries(
    ACCESS_REQUIREMENT_KEYS.map((k) => [k, typeof p.access_requirements?.[k] === 'string' ? (p.access_requirements[k] as string) : '']),
  ) as Record<AccessRequirementKey, string>;
  return {
    title: p.title,
    short_description: p.short_description ?? '',
    description: p.description ?? '',
    tags: [...p.tags],
    category_id: p.category_id ?? '',
    status: p.status,
    image_url: p.image_url ?? '',
    featured_image_url: p.featured_image_url ?? '',
    additional_images: [...p.additional_images],
    content_delivery_type: p.content_delivery_type,
    file_urls: [...p.file_urls],
    download_url: p.download_url ?? '',
    content_text: p.content_text ?? '',
    download_instructions: p.download_instructions ?? '',
    issues_license_keys: p.issues_license_keys,
    refund_policy: p.refund_policy,
    pay_what_you_want: p.pay_what_you_want,
    suggested_price: p.suggested_price === null ? '' : String(p.suggested_price),
    affiliates: p.affiliate_percent !== null,
    affiliate_percent: p.affiliate_percent === null ? '' : String(p.affiliate_percent),
    demo_url: p.demo_url ?? '',
    video_demo_url: p.video_demo_url ?? '',
    demo_links: p.demo_links.map((l) => ({ id: l.id, type: l.type, url: l.url, title: l.title, description: l.description ?? '' })),
    ai_tool_type: p.ai_tool_type ?? '',
    content_type: p.content_type ?? '',
    technical_level: p.technical_level ?? start.technical_level,
    pricing_model: p.pricing_model,
    price: String(p.price),
    deployment_type: p.deployment_type,
    avg_setup_time: p.avg_setup_time === null ? start.avg_setup_time : String(p.avg_setup_time),
    integration_complexity: p.integration_complexity ?? start.integration_complexity,
    success_rate: p.success_rate ?? start.success_rate,
    use_cases: [...p.use_cases],
    required_skills: [...p.required_skills],
    output_types: [...p.output_types],
    compatibility_tags: [...p.compatibility_tags],
    access_requirements: access,
    version: p.version ?? '',
    release_notes: p.release_notes ?? '',
    metrics_unset: OPTIONAL_METRICS.filter((k) => p[k] === null),
  };
}

/** Spec section 5: number, minimum 0, 0 when unparseable; always 0 for the free model. */
export function parsePrice(raw: string, pricingModel: string): number {
  if (pricingModel === 'free') return 0;
  const n = Number.parseFloat(raw);
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) / 100 : 0;
}

/** Spec section 5: a whole number, at least 0; anything invalid becomes 0. */
export function parseSetupTime(raw: string): number {
  const n = Number(raw.trim());
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

/** Adds an entry to a list: trimmed, non-empty, no duplicates (case-insensitive). */
export function addListEntry(list: readonly string[], raw: string): { list: string[]; error: string | null } {
  const entry = raw.trim();
  if (!entry) return { list: [...list], error: null };
  if (list.some((item) => item.toLowerCase() === entry.toLowerCase())) return { list: [...list], error: `'${entry}' is already in the list` };
  return { list: [...list, entry], error: null };
}

const present = (v: string) => (v.trim() ? v.trim() : undefined);

/** Which delivery inputs a method shows (spec section 5). */
export function deliveryInputs(method: DeliveryType | '') {
  return {
    files: method === 'file' || method === 'multiple',
    link: method === 'link' || method === 'multiple',
    text: method === 'text' || method === 'multiple',
  };
}

/**
 * The API payload. Empty optional fields are left out (sent as absent); inputs a delivery
 * method does not use are not sent, so switching from 'multiple' to 'text' drops the files.
 */
export function toPayload(v: EditorValues): ProductBody {
  const show = deliveryInputs(v.content_delivery_type);
  const payload: Record<string, unknown> = {
    title: v.title.trim(),
    description: v.description.trim(),
    status: v.status,
    price: parsePrice(v.price, v.pricing_model),
    pricing_model: v.pricing_model,
    technical_level: v.technical_level,
    deployment_type: v.deployment_type,
    integration_complexity: v.integration_complexity,
    success_rate: v.success_rate,
    avg_setup_time: parseSetupTime(v.avg_setup_time),
    tags: cleanList(v.tags),
    use_cases: cleanList(v.use_cases),
    required_skills: cleanList(v.required_skills),
    output_types: cleanList(v.output_types),
    compatibility_tags: cleanList(v.compatibility_tags),
    additional_images: v.additional_images,
    file_urls: show.files ? v.file_urls : [],
    issues_license_keys: v.issues_license_keys,
    refund_policy: v.refund_policy,
    pay_what_you_want: v.pay_what_you_want && v.pricing_model === 'one_time',
    demo_links: v.demo_links.map((l) => ({
      id: l.id,
      type: l.type,
      url: l.url.trim(),
      title: l.title.trim(),
      ...(present(l.description) ? { description: l.description.trim() } : {}),
    })),
    access_requirements: Object.fromEntries(
      Object.entries(v.access_requirements)
        .filter(([, value]) => value.trim())
        .map(([k, value]) => [k, value.trim()]),
    ),
  };
  if (v.content_delivery_type) payload['content_delivery_type'] = v.content_delivery_type;
  for (const metric of v.metrics_unset) delete payload[metric];
  const optional: [string, string][] = [
    ['short_description', v.short_description],
    ['category_id', v.category_id],
    ['image_url', v.image_url],
    ['featured_image_url', v.featured_image_url],
    ['demo_url', v.demo_url],
    ['video_demo_url', v.video_demo_url],
    ['ai_tool_type', v.ai_tool_type],
    ['content_type', v.content_type],
    ['download_instructions', v.download_instructions],
    ['version', v.version],
    ['release_notes', v.release_notes],
  ];
  if (v.pay_what_you_want && v.pricing_model === 'one_time') optional.push(['suggested_price', v.suggested_price]);
  if (show.link) optional.push(['download_url', v.download_url]);
  if (show.text) optional.push(['content_text', v.content_text]);
  for (const [key, value] of optional) {
    const trimmed = present(value);
    if (trimmed !== undefined) payload[key] = trimmed;
  }
  // Built field by field above; validateForm checks it with the API's own schema before it is sent.
  return payload as ProductBody;
}

/** The affiliates' setting the form asks for: null (off), a whole percent, or NaN when the number typed is not one. */
export function affiliatePercentOf(v: Pick<EditorValues, 'affiliates' | 'affiliate_percent'>): number | null {
  if (!v.affiliates) return null;
  const text = v.affiliate_percent.trim();
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/** The affiliates' rule, shown before saving: a whole percent from 1 to 75 when they are on. */
function affiliatePercentError(v: Pick<EditorValues, 'affiliates' | 'affiliate_percent'>): string | null {
  const percent = affiliatePercentOf(v);
  if (percent === null || isAffiliatePercent(percent)) return null;
  return `Enter a whole percent from ${MIN_AFFILIATE_PERCENT} to ${MAX_AFFILIATE_PERCENT}, or turn affiliates off`;
}

export type FieldErrors = Record<string, string>;

/**
 * Checks the form before sending, with the API's own schema plus the rules the schema
 * leaves to the form: demo links need a url and a title, and the delivery method is
 * required. Keys are the schema's field paths (demo_links.0.url ...).
 */
export function validateForm(v: EditorValues): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = ProductInputSchema.safeParse(toPayload(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || '_';
      errors[key] ??= issue.message;
    }
  }
  if (!v.content_delivery_type) errors['content_delivery_type'] = 'Choose how buyers receive the product';
  // Pay what you want: the server's cross-field rule, shown before saving (docs/decisions/077).
  const payload = toPayload(v) as { pricing_model: string; price: number; pay_what_you_want?: boolean; suggested_price?: string };
  for (const [field, message] of Object.entries(
    pwywFieldErrors({
      pricing_model: payload.pricing_model,
      price: payload.price,
      pay_what_you_want: payload.pay_what_you_want === true,
      suggested_price: payload.suggested_price ?? null,
    }),
  )) {
    errors[field] ??= message;
  }
  const affiliates = affiliatePercentError(v);
  if (affiliates) errors['affiliate_percent'] = affiliates;
  v.demo_links.forEach((l, i) => {
    if (!l.url.trim()) errors[`demo_links.${i}.url`] = 'URL is required';
    if (!l.title.trim()) errors[`demo_links.${i}.title`] = 'Title is required';
  });
  return errors;
}

// In its own module, so the preview reads it without loading the schemas.
export { fileNameOf } from './file-name';

/** The section each field lives in, so the form can open the section of the first error. */
const FIELD_SECTIONS: Record<string, string> = {
  title: 'basic',
  short_description: 'basic',
  description: 'basic',
  tags: 'basic',
  category_id: 'basic',
  image_url: 'images',
  featured_image_url: 'images',
  additional_images: 'images',
  content_delivery_type: 'delivery',
  file_urls: 'delivery',
  download_url: 'delivery',
  content_text: 'delivery',
  download_instructions: 'delivery',
  issues_license_keys: 'delivery',
  demo_url: 'demos',
  video_demo_url: 'demos',
  demo_links: 'demos',
  ai_tool_type: 'classification',
  content_type: 'classification',
  technical_level: 'classification',
  pricing_model: 'pricing',
  price: 'pricing',
  deployment_type: 'pricing',
  refund_policy: 'pricing',
  pay_what_you_want: 'pricing',
  suggested_price: 'pricing',
  affiliates: 'pricing',
  affiliate_percent: 'pricing',
  integration_complexity: 'metrics',
  success_rate: 'metrics',
  avg_setup_time: 'metrics',
  use_cases: 'detailed',
  required_skills: 'detailed',
  output_types: 'detailed',
  compatibility_tags: 'detailed',
  access_requirements: 'additional',
};

export function sectionOf(fieldPath: string): string {
  return FIELD_SECTIONS[fieldPath.split('.')[0] ?? ''] ?? 'basic';
}
