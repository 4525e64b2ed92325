/**
 * The product editor's form rules (src/components/studio/editor-state.ts): section 9's
 * defaults, the payload with empty optional fields absent, the price and setup-time rules,
 * list entries, delivery inputs by method, the checks before saving, and the affiliates' setting.
 */
import { describe, expect, it } from 'vitest';
import {
  addListEntry,
  affiliatePercentOf,
  defaultValues,
  deliveryInputs,
  fileNameOf,
  OPTIONAL_METRICS,
  parsePrice,
  parseSetupTime,
  sectionOf,
  toPayload,
  validateForm,
  valuesFromProduct,
  type EditorValues,
} from '@/src/components/studio/editor-state';

const valid = (): EditorValues => ({
  ...defaultValues(),
  title: 'AI Invoice Tool for Freelancers',
  description: 'Turns receipts into invoices. Use it to save hours of admin every month.',
  content_delivery_type: 'text',
  content_text: 'The prompt.',
});

/** The fields a saved product has beyond the form's payload (valuesFromProduct reads a whole product). */
const SAVED_FIELDS = {
  id: 'p',
  creator_id: 'c',
  short_description: null,
  category_id: null,
  demo_url: null,
  download_url: null,
  image_url: null,
  featured_image_url: null,
  video_demo_url: null,
  ai_tool_type: null,
  content_type: null,
  content_text: 'The prompt.',
  download_instructions: null,
  access_requirements: {},
  demo_links: [],
  affiliate_percent: null,
};

describe('defaults (spec section 9)', () => {
  it('price 0, draft, one_time, beginner, ready_to_use, complexity 1, success 85, setup 5, no delivery method yet', () => {
    expect(defaultValues()).toMatchObject({
      price: '0',
      status: 'draft',
      pricing_model: 'one_time',
      technical_level: 'beginner',
      deployment_type: 'ready_to_use',
      integration_complexity: 1,
      success_rate: 85,
      avg_setup_time: '5',
      content_delivery_type: '',
    });
  });
});

describe('price and average setup time (spec section 5)', () => {
  it('price: a number with cents, 0 when unparseable or negative, always 0 when free', () => {
    expect(parsePrice('19.999', 'one_time')).toBe(20);
    expect(parsePrice('12.5', 'subscription')).toBe(12.5);
    expect(parsePrice('abc', 'one_time')).toBe(0);
    expect(parsePrice('-4', 'one_time')).toBe(0);
    expect(parsePrice('25', 'free')).toBe(0);
  });
  it('setup time: a whole number at least 0; anything invalid becomes 0', () => {
    expect(parseSetupTime('30')).toBe(30);
    expect(parseSetupTime(' 0 ')).toBe(0);
    expect(parseSetupTime('2.5')).toBe(0);
    expect(parseSetupTime('-3')).toBe(0);
    expect(parseSetupTime('soon')).toBe(0);
  });
});

describe('list entries', () => {
  it('are trimmed, non-empty and unique (case-insensitive)', () => {
    expect(addListEntry(['ai'], '  automation ')).toEqual({ list: ['ai', 'automation'], error: null });
    expect(addListEntry(['ai'], '   ')).toEqual({ list: ['ai'], error: null });
    expect(addListEntry(['Automation'], 'automation')).toEqual({ list: ['Automation'], error: "'automation' is already in the list" });
  });
});

describe('payload', () => {
  it('leaves empty optional fields out and trims the rest', () => {
    const payload = toPayload({
      ...valid(),
      title: '  AI Invoice Tool for Freelancers ',
      short_description: '   ',
      demo_url: ' https://demo.example.com ',
      category_id: '',
    });
    expect(payload['title']).toBe('AI Invoice Tool for Freelancers');
    expect(payload['demo_url']).toBe('https://demo.example.com');
    for (const key of ['short_description', 'category_id', 'image_url', 'video_demo_url', 'ai_tool_type', 'download_url'])
      expect(payload).not.toHaveProperty(key);
    expect(payload['access_requirements']).toEqual({});
  });
  it('sends only the inputs the delivery method uses', () => {
    expect(deliveryInputs('multiple')).toEqual({ files: true, link: true, text: true });
    expect(deliveryInputs('link')).toEqual({ files: false, link: true, text: false });
    const text = toPayload({
      ...valid(),
      content_delivery_type: 'text',
      file_urls: ['private:deliverables/u/x/a.zip'],
      download_url: 'https://get.example.com',
    });
    expect(text).toMatchObject({ content_delivery_type: 'text', content_text: 'The prompt.', file_urls: [] });
    expect(text).not.toHaveProperty('download_url');
  });
  it('sends a demo link without an empty description', () => {
    const payload = toPayload({ ...valid(), demo_links: [{ id: '1', type: 'tutorial', url: ' https://x.example.com ', title: ' Guide ', description: ' ' }] });
    expect(payload['demo_links']).toEqual([{ id: '1', type: 'tutorial', url: 'https://x.example.com', title: 'Guide' }]);
  });
});

describe('checks before saving', () => {
  it('a valid form has no errors', () => {
    expect(validateForm(valid())).toEqual({});
  });
  it('requires a delivery method, and a url and title for every demo link', () => {
    const errors = validateForm({ ...valid(), content_delivery_type: '', demo_links: [{ id: '1', type: 'live_demo', url: '', title: '', description: '' }] });
    expect(errors['content_delivery_type']).toBe('Choose how buyers receive the product');
    expect(errors['demo_links.0.url']).toBe('URL is required');
    expect(errors['demo_links.0.title']).toBe('Title is required');
  });
  it("uses the API schema's messages", () => {
    const errors = validateForm({ ...valid(), title: 'Short', demo_url: 'example.com', video_demo_url: 'https://example.com/page' });
    expect(errors).toMatchObject({
      title: 'Title must be at least 10 characters',
      demo_url: 'URL should start with http:// or https://',
      video_demo_url: 'Use a YouTube, Vimeo, .mp4, .webm or .ogg link',
    });
    expect(sectionOf('demo_links.0.url')).toBe('demos');
    expect(sectionOf('title')).toBe('basic');
  });
  it('names stored files by their last path segment', () => {
    expect(fileNameOf('private:deliverables/u/abc/My-Workflow.zip')).toBe('My-Workflow.zip');
  });
});

describe('the shared schema agrees with the form', () => {
  it('average setup time: a whole number at least 0, anything else 0, absent not set', async () => {
    const { ProductInputSchema } = await import('@/src/shared/product-schema');
    const parse = (avg_setup_time: unknown) => ProductInputSchema.parse({ ...toPayload(valid()), avg_setup_time }).avg_setup_time;
    expect([parse(30), parse('45'), parse(2.5), parse('2.5'), parse(-1), parse('soon'), parse('')]).toEqual([30, 45, 0, 0, 0, 0, 0]);
    const { avg_setup_time: _omit, ...rest } = toPayload({ ...valid(), metrics_unset: [] });
    expect(ProductInputSchema.parse(rest).avg_setup_time).toBeUndefined();
  });
});

describe('metrics only when the creator set them (issue 15)', () => {
  it("starts at the spec's values but sends none of them until changed", () => {
    expect(defaultValues().metrics_unset).toEqual([...OPTIONAL_METRICS]);
    const payload = toPayload(valid()) as Record<string, unknown>;
    for (const metric of OPTIONAL_METRICS) expect(payload, metric).not.toHaveProperty(metric);
  });
  it('sends a metric once it is set, and keeps the others out', () => {
    const payload = toPayload({ ...valid(), success_rate: 70, metrics_unset: ['technical_level', 'integration_complexity', 'avg_setup_time'] }) as Record<
      string,
      unknown
    >;
    expect(payload['success_rate']).toBe(70);
    expect(payload).not.toHaveProperty('integration_complexity');
  });
  it('reads a saved product: null is not set (starting value shown), a value is set', () => {
    const saved = { ...toPayload({ ...valid(), metrics_unset: [] }), success_rate: null, technical_level: null } as Record<string, unknown>;
    const values = valuesFromProduct({
      ...saved,
      ...SAVED_FIELDS,
    } as unknown as Parameters<typeof valuesFromProduct>[0]);
    expect(values.metrics_unset.sort()).toEqual(['success_rate', 'technical_level']);
    expect(values.success_rate).toBe(85);
    expect(values.technical_level).toBe('beginner');
    expect(values.integration_complexity).toBe(1);
    expect(values.avg_setup_time).toBe('5');
  });
});

describe('pay what you want (docs/decisions/077)', () => {
  it('sends the option and the suggested price on a one-time product only', () => {
    const pwyw = toPayload({ ...valid(), pricing_model: 'one_time', price: '5', pay_what_you_want: true, suggested_price: '12.50' });
    expect(pwyw).toMatchObject({ price: 5, pay_what_you_want: true, suggested_price: '12.50' });
    const subscription = toPayload({ ...valid(), pricing_model: 'subscription', price: '5', pay_what_you_want: true, suggested_price: '12.50' });
    expect(subscription).toMatchObject({ pay_what_you_want: false });
    expect(subscription).not.toHaveProperty('suggested_price');
  });

  it('refuses a suggested price below the minimum before saving', () => {
    expect(validateForm({ ...valid(), pricing_model: 'one_time', price: '5', pay_what_you_want: true, suggested_price: '12.50' })).toEqual({});
    expect(validateForm({ ...valid(), pricing_model: 'one_time', price: '5', pay_what_you_want: true, suggested_price: '3' })).toEqual({
      suggested_price: 'The suggested price must be at least the minimum price',
    });
  });

  it('reads the option back from a saved product', () => {
    const saved = toPayload({ ...valid(), pricing_model: 'one_time', price: '5' }) as Record<string, unknown>;
    const values = valuesFromProduct({
      ...saved,
      ...SAVED_FIELDS,
      pay_what_you_want: true,
      suggested_price: 9.5,
    } as unknown as Parameters<typeof valuesFromProduct>[0]);
    expect(values).toMatchObject({ pay_what_you_want: true, suggested_price: '9.5' });
  });
});

describe('affiliates (docs/decisions/081, 083)', () => {
  it('is off (null) unless turned on, and then a whole percent from 1 to 75', () => {
    expect(affiliatePercentOf({ affiliates: false, affiliate_percent: '30' })).toBeNull();
    expect(affiliatePercentOf({ affiliates: true, affiliate_percent: ' 30 ' })).toBe(30);
    expect(validateForm({ ...valid(), affiliates: true, affiliate_percent: '30' })['affiliate_percent']).toBeUndefined();
    expect(validateForm({ ...valid(), affiliates: false, affiliate_percent: '99' })['affiliate_percent']).toBeUndefined();
    for (const bad of ['', '0', '76', '12.5', '-3', 'ten']) {
      expect(validateForm({ ...valid(), affiliates: true, affiliate_percent: bad })['affiliate_percent']).toBe(
        'Enter a whole percent from 1 to 75, or turn affiliates off',
      );
    }
    expect(sectionOf('affiliate_percent')).toBe('pricing');
  });

  it('is not part of the product’s payload, and reads back from a saved product', () => {
    expect(toPayload({ ...valid(), affiliates: true, affiliate_percent: '30' })).not.toHaveProperty('affiliate_percent');
    const saved = { ...toPayload(valid()), ...SAVED_FIELDS } as unknown as Parameters<typeof valuesFromProduct>[0];
    expect(valuesFromProduct({ ...saved, affiliate_percent: 25 })).toMatchObject({ affiliates: true, affiliate_percent: '25' });
    expect(valuesFromProduct(saved)).toMatchObject({ affiliates: false, affiliate_percent: '' });
  });
});
