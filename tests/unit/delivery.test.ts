import { describe, expect, it } from 'vitest';
import { downloadTypeFor, hasDeliverable, selectDelivery } from '@/src/shared/delivery';

const base = {
  content_delivery_type: 'file',
  file_urls: [] as string[],
  download_url: null as string | null,
  demo_url: null as string | null,
  content_text: null as string | null,
};

describe('selectDelivery (spec section 9)', () => {
  it('file uses file_urls, falling back to download_url', () => {
    expect(selectDelivery({ ...base, file_urls: ['a.zip'], download_url: 'https://d' })).toEqual({ fileUrls: ['a.zip'], downloadUrl: null, contentText: null });
    expect(selectDelivery({ ...base, download_url: 'https://d' })).toEqual({ fileUrls: [], downloadUrl: 'https://d', contentText: null });
  });
  it('link uses download_url, falling back to demo_url', () => {
    expect(selectDelivery({ ...base, content_delivery_type: 'link', download_url: 'https://d', demo_url: 'https://demo' }).downloadUrl).toBe('https://d');
    expect(selectDelivery({ ...base, content_delivery_type: 'link', demo_url: 'https://demo' }).downloadUrl).toBe('https://demo');
  });
  it('text uses content_text only', () => {
    expect(selectDelivery({ ...base, content_delivery_type: 'text', content_text: 'Prompt', download_url: 'https://d' })).toEqual({
      fileUrls: [],
      downloadUrl: null,
      contentText: 'Prompt',
    });
  });
  it('multiple combines all three', () => {
    expect(selectDelivery({ ...base, content_delivery_type: 'multiple', file_urls: ['a'], download_url: 'https://d', content_text: 'T' })).toEqual({
      fileUrls: ['a'],
      downloadUrl: 'https://d',
      contentText: 'T',
    });
  });
  it('anything else uses download_url then demo_url', () => {
    expect(selectDelivery({ ...base, content_delivery_type: null, demo_url: 'https://demo' }).downloadUrl).toBe('https://demo');
  });
  it('treats blank values as missing', () => {
    const d = selectDelivery({ ...base, content_delivery_type: 'text', content_text: '   ' });
    expect(hasDeliverable(d)).toBe(false);
  });
});

describe('downloadTypeFor', () => {
  it('is free when the price is 0 or missing, else paid', () => {
    expect(downloadTypeFor(0)).toBe('free');
    expect(downloadTypeFor(null)).toBe('free');
    expect(downloadTypeFor('0.00')).toBe('free');
    expect(downloadTypeFor('9.99')).toBe('paid');
  });
});
