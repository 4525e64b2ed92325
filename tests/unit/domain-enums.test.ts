/**
 * Each enumeration of the domain is declared once (src/shared/domain.ts, docs/decisions/018)
 * and everything else derives from it: for each, the zod schemas accept exactly its values,
 * and its label maps and option lists cover exactly its values, each once. A value added to
 * an array without its label, option or schema case fails here (or does not compile).
 */
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_IDS,
  CONTENT_TYPE_IDS,
  CONTENT_TYPE_LABELS,
  DELIVERY_TYPE_CHOICES,
  DELIVERY_TYPE_LABELS,
  DELIVERY_TYPES,
  DEMO_LINK_GROUP_HEADINGS,
  DEMO_LINK_TYPE_LABELS,
  DEMO_LINK_TYPES,
  DEPLOYMENT_TYPE_LABELS,
  DEPLOYMENT_TYPES,
  INTERACTION_TYPES,
  PRICING_MODEL_LABELS,
  PRICING_MODELS,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  TECHNICAL_LEVEL_LABELS,
  TECHNICAL_LEVELS,
  UPDATE_TYPE_LABELS,
  UPDATE_TYPES,
  USER_TYPE_LABELS,
  USER_TYPES,
  isOneOf,
  isUserType,
} from '@/src/shared/domain';
import { AI_TOOL_IDS, AI_TOOL_NAMES, AI_TOOL_TYPE_OPTIONS, AI_TOOL_TYPE_VALUES, CUSTOM_AI_TOOL_VALUE, TOOL_DETAIL_IDS } from '@/src/shared/ai-tool-ids';
import { SEED_AI_TOOLS as AI_TOOLS } from '@/db/seed/ai-tools-data';
import { CATEGORIES } from '@/src/shared/categories';
import { ProductInputSchema, ProductStatusSchema } from '@/src/shared/product-schema';
import { SearchParamsSchema } from '@/src/shared/search';
import { UPDATE_TYPE_TONES } from '@/src/shared/tool-updates';
import { ToolUpdateInputSchema } from '@/src/shared/api/schemas/updates';
import { sanitizeDemoLinks } from '@/src/shared/products';
import { DEMO_LINK_GROUPS } from '@/src/components/catalogue/media';
import { recordProductView } from '@/src/shared/api/routes/products';

/** The keys of a label map or the values of an option list: exactly the array's values, each once. */
function expectExactly(values: readonly string[], covered: readonly string[]): void {
  expect(new Set(covered).size).toBe(covered.length);
  expect([...covered].sort()).toEqual([...values].sort());
}

const OUTSIDE = 'not-a-value';

/** A product the schema accepts, with one field changed. */
function product(overrides: Record<string, unknown>) {
  return ProductInputSchema.safeParse({
    title: 'AI Invoice Tool for Freelancers',
    description: 'Turns receipts into invoices. Use it to save hours of admin every month.',
    content_delivery_type: 'text',
    ...overrides,
  });
}

/** The product schema takes every value of the field's enum as is, and refuses anything else. */
function expectProductField(field: string, values: readonly string[]): void {
  for (const value of values) {
    const parsed = product({ [field]: value });
    expect(parsed.success, `${field} = ${value}`).toBe(true);
    expect((parsed.data as Record<string, unknown>)[field]).toBe(value);
  }
  expect(product({ [field]: OUTSIDE }).success, `${field} = ${OUTSIDE}`).toBe(false);
}

/** The marketplace search takes every value of the parameter's enum, and refuses anything else. */
function expectSearchParam(param: string, values: readonly string[]): void {
  for (const value of values) expect(SearchParamsSchema.safeParse({ [param]: value }).data?.[param as 'category'], `${param} = ${value}`).toBe(value);
  expect(SearchParamsSchema.safeParse({ [param]: OUTSIDE }).success).toBe(false);
}

describe('product status', () => {
  it('the schema keeps each status, makes a new product a draft and refuses anything else (issue 14)', () => {
    for (const status of PRODUCT_STATUSES) expect(ProductStatusSchema.parse(status)).toBe(status);
    expect(ProductStatusSchema.parse(undefined)).toBe('draft');
    expect(ProductStatusSchema.safeParse(OUTSIDE).success).toBe(false);
  });
  it('labels', () => expectExactly(PRODUCT_STATUSES, Object.keys(PRODUCT_STATUS_LABELS)));
});

describe('categories', () => {
  it('the product schema and the marketplace search', () => {
    expectProductField('category_id', CATEGORY_IDS);
    expectSearchParam('category', CATEGORY_IDS);
  });
  it('names and copy (the editor options and filters)', () =>
    expectExactly(
      CATEGORY_IDS,
      CATEGORIES.map((c) => c.id),
    ));
});

describe('content types', () => {
  it('the product schema and the marketplace search', () => {
    expectProductField('content_type', CONTENT_TYPE_IDS);
    expectSearchParam('type', CONTENT_TYPE_IDS);
  });
  it('labels', () => expectExactly(CONTENT_TYPE_IDS, Object.keys(CONTENT_TYPE_LABELS)));
});

describe('pricing models', () => {
  it('the product schema and the marketplace search', () => {
    expectProductField('pricing_model', PRICING_MODELS);
    expectSearchParam('pricing', PRICING_MODELS);
  });
  it('labels', () => expectExactly(PRICING_MODELS, Object.keys(PRICING_MODEL_LABELS)));
});

describe('technical levels', () => {
  it('the product schema and the marketplace search', () => {
    expectProductField('technical_level', TECHNICAL_LEVELS);
    expectSearchParam('level', TECHNICAL_LEVELS);
  });
  it('labels', () => expectExactly(TECHNICAL_LEVELS, Object.keys(TECHNICAL_LEVEL_LABELS)));
});

describe('deployment types', () => {
  it('the product schema', () => expectProductField('deployment_type', DEPLOYMENT_TYPES));
  it('labels', () => expectExactly(DEPLOYMENT_TYPES, Object.keys(DEPLOYMENT_TYPE_LABELS)));
});

describe('delivery types', () => {
  it('the product schema', () => expectProductField('content_delivery_type', DELIVERY_TYPES));
  it('labels and the editor choice cards', () => {
    expectExactly(DELIVERY_TYPES, Object.keys(DELIVERY_TYPE_LABELS));
    expectExactly(DELIVERY_TYPES, Object.keys(DELIVERY_TYPE_CHOICES));
  });
});

describe('demo link types', () => {
  const link = (type: string) => ({ id: '1', type, url: 'https://example.com/demo', title: 'Demo' });
  it('the product schema and the stored-link sanitizer', () => {
    for (const type of DEMO_LINK_TYPES) expect(product({ demo_links: [link(type)] }).data?.demo_links[0]?.type).toBe(type);
    expect(product({ demo_links: [link(OUTSIDE)] }).success).toBe(false);
    expect(sanitizeDemoLinks([...DEMO_LINK_TYPES, OUTSIDE].map(link)).map((l) => l.type)).toEqual([...DEMO_LINK_TYPES]);
  });
  it('labels, group headings and the product page order', () => {
    expectExactly(DEMO_LINK_TYPES, Object.keys(DEMO_LINK_TYPE_LABELS));
    expectExactly(DEMO_LINK_TYPES, Object.keys(DEMO_LINK_GROUP_HEADINGS));
    expectExactly(
      DEMO_LINK_TYPES,
      DEMO_LINK_GROUPS.map((g) => g.type),
    );
  });
});

describe('AI tools', () => {
  it("the product schema and the marketplace search take each tool and 'custom', and any tool id's shape (the tools are rows, docs/decisions/038)", () => {
    expect(AI_TOOL_TYPE_VALUES).toEqual([...AI_TOOL_IDS, CUSTOM_AI_TOOL_VALUE]);
    for (const value of [...AI_TOOL_TYPE_VALUES, 'a-tool-approved-later']) {
      expect(product({ ai_tool_type: value }).data?.ai_tool_type, value).toBe(value);
      expect(SearchParamsSchema.safeParse({ tool: value }).data?.tool, value).toBe(value);
    }
    // Not a tool id at all: refused by the schema (an unknown id is refused by the server: products.service assertToolType).
    expect(product({ ai_tool_type: 'Not A Tool!' }).success).toBe(false);
    expect(SearchParamsSchema.safeParse({ tool: '../etc' }).success).toBe(false);
  });
  it('names, the grouped options and the marketing copy', () => {
    expectExactly(AI_TOOL_IDS, Object.keys(AI_TOOL_NAMES));
    expectExactly(
      AI_TOOL_TYPE_VALUES,
      AI_TOOL_TYPE_OPTIONS.flatMap((g) => g.options.map((o) => o.value)),
    );
    expect(AI_TOOLS.map((t) => t.id)).toEqual([...AI_TOOL_IDS]);
    for (const tool of AI_TOOLS) expect(tool.name).toBe(AI_TOOL_NAMES[tool.id as keyof typeof AI_TOOL_NAMES].name);
    for (const id of TOOL_DETAIL_IDS) expect(isOneOf(AI_TOOL_IDS, id)).toBe(true);
  });
});

describe('user types', () => {
  it('the guard', () => {
    for (const type of USER_TYPES) expect(isUserType(type)).toBe(true);
    expect(isUserType(OUTSIDE)).toBe(false);
  });
  it('labels', () => expectExactly(USER_TYPES, Object.keys(USER_TYPE_LABELS)));
});

describe('update types', () => {
  const post = (updateType: string) =>
    ToolUpdateInputSchema.safeParse({ title: 'Version 2 is out', content: 'Faster runs and a new editor for everyone.', updateType, version: '' });
  it('the post rules', () => {
    for (const type of UPDATE_TYPES) expect(post(type)).toMatchObject({ success: true, data: { updateType: type } });
    expect(post(OUTSIDE).success).toBe(false);
  });
  it('labels and badge tones', () => {
    expectExactly(UPDATE_TYPES, Object.keys(UPDATE_TYPE_LABELS));
    expectExactly(UPDATE_TYPES, Object.keys(UPDATE_TYPE_TONES));
  });
});

describe('interaction types', () => {
  it('the view request schema', () => {
    const ViewSchema = recordProductView.body.schema;
    for (const type of INTERACTION_TYPES) expect(ViewSchema.parse({ type }).type).toBe(type);
    expect(ViewSchema.safeParse({ type: OUTSIDE }).success).toBe(false);
  });
});
