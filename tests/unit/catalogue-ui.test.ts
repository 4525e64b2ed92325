/**
 * The catalogue UI's pure functions: video links, the gallery, demo link groups, the
 * description's paragraphs, the product page's JSON-LD, the marketplace URL state, the
 * stored favorites, and the cart's browser copy, badge and change sentences (docs/decisions/082).
 */
import { describe, expect, it } from 'vitest';
import { FALLBACK_IMAGE } from '@/src/shared/products';
import { galleryItems, groupDemoLinks, MAX_THUMBNAILS, paragraphs, parseVideoUrl, safeUrl, wrapIndex } from '@/src/components/catalogue/media';
import { productJsonLd, productMetaDescription, productImage } from '@/src/components/catalogue/product-seo';
import {
  correctedQuery,
  countPanelFilters,
  creatorsOf,
  EMPTY_FILTERS,
  filtersToParams,
  isDefaultQuery,
  marketplaceHref,
  mergeById,
  productsQuery,
  readFilters,
  resultCountText,
  toCardView,
  viewFromHash,
  type AllowedValues,
  type CardView,
} from '@/src/components/catalogue/marketplace-query';
import { deliveryIncludes, labelFor } from '@/src/components/catalogue/labels';
import { PRICING_MODEL_LABELS } from '@/src/shared/domain';
import { parseStoredIds } from '@/src/stores/favorites';
import { cartBadgeText, parseStoredCart, VISITOR_CART_MAX } from '@/src/stores/cart';
import { CART_MAX_ITEMS, type CartItem, type CartView } from '@/src/shared/api/schemas/cart';
import { describeCartChanges } from '@/src/components/cart/cart-changes';
import { apiUrl } from '@/src/shared/api/client';
import type { PublicProduct } from '@/src/shared/products';

const site = new URL('https://toolmint.example');

function product(overrides: Partial<PublicProduct> = {}): PublicProduct {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Support Chatbot Prompt',
    shortDescription: 'A system prompt for support bots.',
    description: 'First paragraph.\n\nSecond paragraph.',
    price: 19,
    pricingModel: 'one_time',
    payWhatYouWant: false,
    rating: 4.6,
    downloadsCount: 10,
    viewsCount: 100,
    reviewCount: 0,
    imageUrl: '/blobs/products/a/main.webp',
    categoryId: 'business',
    aiToolType: 'claude',
    aiToolName: 'Claude',
    aiToolHref: '/tools/claude',
    contentType: 'chat-bots',
    technicalLevel: 'beginner',
    deploymentType: 'ready_to_use',
    contentDeliveryType: 'text',
    tags: ['ai', 'chatbot'],
    createdAt: '2026-11-01T00:00:00.000Z',
    bundleItemCount: 0,
    creator: {
      id: 'maya',
      fullName: 'Maya Chen',
      avatarUrl: null,
      verified: true,
      averageRating: 4.5,
      followerCount: 12,
      specialties: [],
      userType: 'creator',
    },
    status: 'published',
    featuredImageUrl: null,
    additionalImages: [],
    videoDemoUrl: null,
    demoUrl: null,
    demoLinks: [],
    compatibilityTags: [],
    useCases: [],
    requiredSkills: [],
    outputTypes: [],
    integrationComplexity: 1,
    successRate: 85,
    avgSetupTime: 5,
    downloadInstructions: null,
    refundPolicy: 'days_30',
    suggestedPrice: null,
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('safeUrl', () => {
  it('keeps http(s) URLs and site paths', () => {
    expect(safeUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeUrl('http://example.com')).toBe('http://example.com/');
    expect(safeUrl('/blobs/x.webp')).toBe('/blobs/x.webp');
  });
  it('drops script, data and protocol-relative URLs and blanks', () => {
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl(' JavaScript:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,<script>')).toBeNull();
    expect(safeUrl('//evil.example/x')).toBeNull();
    expect(safeUrl('')).toBeNull();
    expect(safeUrl(null)).toBeNull();
    expect(safeUrl('not a url')).toBeNull();
  });
});

describe('parseVideoUrl', () => {
  it('embeds YouTube watch and youtu.be links through youtube-nocookie', () => {
    expect(parseVideoUrl('https://www.youtube.com/watch?v=Qp4sT9mZ2aE')).toEqual({
      kind: 'youtube',
      id: 'Qp4sT9mZ2aE',
      url: 'https://www.youtube.com/watch?v=Qp4sT9mZ2aE',
      embedUrl: 'https://www.youtube-nocookie.com/embed/Qp4sT9mZ2aE',
    });
    expect(parseVideoUrl('https://youtu.be/Zr6pK3tY1wQ?t=30')).toMatchObject({ kind: 'youtube', id: 'Zr6pK3tY1wQ' });
    expect(parseVideoUrl('https://m.youtube.com/shorts/Zr6pK3tY1wQ')).toMatchObject({ kind: 'youtube', id: 'Zr6pK3tY1wQ' });
  });
  it('embeds Vimeo links, keeping an unlisted video hash', () => {
    expect(parseVideoUrl('https://vimeo.com/912345678')).toMatchObject({
      kind: 'vimeo',
      id: '912345678',
      embedUrl: 'https://player.vimeo.com/video/912345678',
    });
    expect(parseVideoUrl('https://vimeo.com/912345678/abc123')).toMatchObject({ embedUrl: 'https://player.vimeo.com/video/912345678?h=abc123' });
    expect(parseVideoUrl('https://player.vimeo.com/video/42')).toMatchObject({ kind: 'vimeo', id: '42' });
  });
  it('plays .mp4, .webm and .ogg files in a video element', () => {
    expect(parseVideoUrl('https://cdn.example.com/demo.MP4')).toMatchObject({ kind: 'file', mimeType: 'video/mp4' });
    expect(parseVideoUrl('https://cdn.example.com/demo.webm?x=1')).toMatchObject({ kind: 'file', mimeType: 'video/webm' });
    expect(parseVideoUrl('/blobs/demo.ogg')).toMatchObject({ kind: 'file', mimeType: 'video/ogg' });
  });
  it('links to anything else, and refuses non-http URLs', () => {
    expect(parseVideoUrl('https://loom.com/share/abc')).toEqual({ kind: 'link', url: 'https://loom.com/share/abc' });
    expect(parseVideoUrl('https://www.youtube.com/watch?v=short')).toMatchObject({ kind: 'link' });
    expect(parseVideoUrl('https://youtube.com.evil.example/watch?v=Qp4sT9mZ2aE')).toMatchObject({ kind: 'link' });
    expect(parseVideoUrl('javascript:alert(1)')).toBeNull();
    expect(parseVideoUrl(null)).toBeNull();
  });
});

describe('galleryItems', () => {
  it('puts the video first, then the main, featured and additional images without duplicates', () => {
    const items = galleryItems({
      title: 'Kit',
      videoDemoUrl: 'https://youtu.be/Zr6pK3tY1wQ',
      imageUrl: '/a.webp',
      featuredImageUrl: '/b.webp',
      additionalImages: ['/c.webp', '/a.webp', 'javascript:x'],
    });
    expect(items.map((i) => (i.kind === 'video' ? 'video' : i.src))).toEqual(['video', '/a.webp', '/b.webp', '/c.webp']);
    expect(items[1]).toMatchObject({ label: 'Kit, image 1 of 3', isFallback: false });
  });
  it('shows the stock image when there is no image', () => {
    expect(galleryItems({ title: 'Kit', videoDemoUrl: null, imageUrl: null, featuredImageUrl: null, additionalImages: [] })).toEqual([
      { kind: 'image', src: FALLBACK_IMAGE, label: 'Kit', isFallback: true },
    ]);
  });
  it('has at most 4 thumbnails (spec section 9)', () => expect(MAX_THUMBNAILS).toBe(4));
});

describe('wrapIndex', () => {
  it('wraps previous before the first to the last, and next after the last to the first', () => {
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(2, 5)).toBe(2);
    expect(wrapIndex(-6, 5)).toBe(4);
    expect(wrapIndex(3, 0)).toBe(0);
  });
});

describe('paragraphs', () => {
  it('splits on blank lines, trims and drops empty ones', () => {
    expect(paragraphs('One\nstill one.\n\n  Two  \r\n\r\n\n\nThree')).toEqual(['One\nstill one.', 'Two', 'Three']);
    expect(paragraphs('')).toEqual([]);
    expect(paragraphs(null)).toEqual([]);
  });
  it('keeps markup as text (the page escapes it)', () => expect(paragraphs('<script>x</script>')).toEqual(['<script>x</script>']));
});

describe('groupDemoLinks', () => {
  const links = [
    { id: '1', type: 'documentation' as const, url: 'https://docs.example.com/x', title: 'Docs' },
    { id: '2', type: 'video_demo' as const, url: 'https://vimeo.com/1', title: 'Walkthrough', description: ' Five minutes ' },
    { id: '3', type: 'live_demo' as const, url: 'javascript:alert(1)', title: 'Evil' },
    { id: '4', type: 'video_demo' as const, url: 'https://example.com/watch', title: 'Elsewhere' },
  ];
  it('groups by type in display order with labels, videos parsed, unsafe URLs dropped', () => {
    const groups = groupDemoLinks(links);
    expect(groups.map((g) => g.label)).toEqual(['Video demos', 'Documentation']);
    expect(groups[0]?.links.map((l) => l.video?.kind)).toEqual(['vimeo', 'link']);
    expect(groups[0]?.links[0]).toMatchObject({ title: 'Walkthrough', description: 'Five minutes', host: 'vimeo.com' });
    expect(groups[1]?.links[0]).toMatchObject({ url: 'https://docs.example.com/x', host: 'docs.example.com', video: null });
  });
  it("leads the live demos with the product's demo URL when it is not listed", () => {
    const groups = groupDemoLinks([], 'https://demo.example.com');
    expect(groups).toEqual([
      { type: 'live_demo', label: 'Live demos', links: [expect.objectContaining({ url: 'https://demo.example.com/', title: 'Try the live demo' })] },
    ]);
    expect(
      groupDemoLinks([{ id: '1', type: 'live_demo', url: 'https://demo.example.com/', title: 'Demo' }], 'https://demo.example.com/')[0]?.links,
    ).toHaveLength(1);
  });
});

describe('product SEO', () => {
  it('describes a Product with an Offer in USD, in stock, and an AggregateRating of its reviews', () => {
    const ld = productJsonLd(product({ reviewCount: 12 }), site);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Support Chatbot Prompt',
      url: 'https://toolmint.example/product/11111111-1111-4111-8111-111111111111',
      image: 'https://toolmint.example/blobs/products/a/main.webp',
      offers: { '@type': 'Offer', price: '19.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, ratingCount: 12, reviewCount: 12, bestRating: 5 },
    });
  });
  it('has no AggregateRating without reviews behind the rating (issue 15)', () => {
    expect(productJsonLd(product({ rating: 4.6, reviewCount: 0 }), site)).not.toHaveProperty('aggregateRating');
  });
  it('offers free products at 0.00 and leaves out the rating when there is none', () => {
    const ld = productJsonLd(product({ price: 0, rating: 0, imageUrl: null }), site);
    expect(ld['offers']).toMatchObject({ price: '0.00' });
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('image');
  });
  it('uses the product image, absolute, for Open Graph', () => {
    expect(productImage(product(), site)).toBe('https://toolmint.example/blobs/products/a/main.webp');
    expect(productImage(product({ imageUrl: 'javascript:x', featuredImageUrl: 'https://cdn.example.com/f.png' }), site)).toBe('https://cdn.example.com/f.png');
    expect(productImage(product({ imageUrl: null }), site)).toBeUndefined();
  });
  it('describes the page with the short description, else the description, within 160 characters', () => {
    expect(productMetaDescription(product())).toBe('A system prompt for support bots.');
    const long = productMetaDescription(product({ shortDescription: '', description: 'word '.repeat(60) }));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('marketplace URL state', () => {
  const allowed: AllowedValues = {
    category: ['content', 'business'],
    budget: ['free', 'under-50', '50-100', '100-plus'],
    type: ['chat-bots'],
    tool: ['claude', 'n8n'],
    pricing: ['free', 'one_time'],
    level: ['beginner'],
    sort: ['relevance', 'newest', 'popular'],
  };

  it('reads what the landing page sends and drops unknown values', () => {
    const f = readFilters(new URLSearchParams('search=+cold+email+&category=business&budget=under-50&type=nope&sort=popular&tool=claude'), allowed);
    expect(f).toEqual({ ...EMPTY_FILTERS, search: 'cold email', category: 'business', budget: 'under-50', sort: 'popular', tool: 'claude' });
    expect(readFilters(new URLSearchParams('budget=any&category=music'), allowed)).toEqual(EMPTY_FILTERS);
  });

  it('writes search, category and budget first, and omits empty values', () => {
    expect(filtersToParams({ ...EMPTY_FILTERS, level: 'beginner', budget: 'free', search: 'chatbot', category: 'content' }).toString()).toBe(
      'search=chatbot&category=content&budget=free&level=beginner',
    );
    expect(marketplaceHref(EMPTY_FILTERS, 'all')).toBe('/marketplace');
    expect(marketplaceHref({ ...EMPTY_FILTERS, search: 'a b' }, 'favorites')).toBe('/marketplace?search=a+b#favorites');
  });

  it('knows the default query, counts panel filters and builds the API URL', () => {
    expect(isDefaultQuery(EMPTY_FILTERS)).toBe(true);
    expect(isDefaultQuery({ ...EMPTY_FILTERS, search: '   ' })).toBe(true);
    expect(isDefaultQuery({ ...EMPTY_FILTERS, sort: 'popular' })).toBe(false);
    expect(countPanelFilters({ ...EMPTY_FILTERS, search: 'x', sort: 'popular', category: 'content', tool: 'n8n' })).toBe(2);
    expect(apiUrl('/api/products', {}, productsQuery(EMPTY_FILTERS))).toBe('/api/products');
    expect(apiUrl('/api/products', {}, productsQuery({ ...EMPTY_FILTERS, search: 'chatbto' }, { cursor: 'abc', limit: 48 }))).toBe(
      '/api/products?search=chatbto&cursor=abc&limit=48',
    );
  });

  it('maps the anchors to views', () => {
    expect(viewFromHash('#favorites')).toBe('favorites');
    expect(viewFromHash('#creators')).toBe('creators');
    expect(viewFromHash('')).toBe('all');
    expect(viewFromHash('#other')).toBe('all');
  });

  it("applies the server's corrections to the query for 'Did you mean'", () => {
    expect(correctedQuery('chatbto', { chatbto: 'chatbot' })).toBe('chatbot');
    expect(correctedQuery('Support chatbto', { chatbto: 'chatbot' })).toBe('Support chatbot');
    expect(correctedQuery('chatbot', {})).toBeNull();
    expect(correctedQuery('', { a: 'b' })).toBeNull();
  });

  it('counts results', () => {
    expect(resultCountText(0, false)).toBe('No products found');
    expect(resultCountText(1, false)).toBe('1 product');
    expect(resultCountText(24, true)).toBe('Showing the first 24 products');
  });
});

describe('cards and creators', () => {
  const card = (id: string, creatorId: string): CardView => ({
    ...toCardView(product({ id })),
    creator: { ...toCardView(product()).creator, id: creatorId, fullName: creatorId },
  });

  it('slims a product to the fields a card needs (no description, no deliverables)', () => {
    const view = toCardView(product());
    expect(Object.keys(view).sort()).toEqual([
      'aiToolName',
      'aiToolType',
      'bundleItemCount',
      'creator',
      'id',
      'imageUrl',
      'payWhatYouWant',
      'price',
      'pricingModel',
      'rating',
      'shortDescription',
      'title',
    ]);
    expect(Object.keys(view.creator).sort()).toEqual(['avatarUrl', 'averageRating', 'followerCount', 'fullName', 'id', 'verified']);
  });

  it('merges pages without duplicates', () => {
    expect(mergeById([card('a', 'x'), card('b', 'x')], [card('b', 'x'), card('c', 'y')]).map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });

  it('lists each creator once, most products first, then by first appearance', () => {
    const creators = creatorsOf([card('1', 'ann'), card('2', 'bob'), card('3', 'bob'), card('4', 'cy')]);
    expect(creators.map((c) => [c.id, c.productCount])).toEqual([
      ['bob', 2],
      ['ann', 1],
      ['cy', 1],
    ]);
  });
});

describe('labels', () => {
  it('says what each delivery type gives', () => {
    expect(deliveryIncludes('file')).toEqual(['Downloadable files']);
    expect(deliveryIncludes('multiple')).toHaveLength(3);
    expect(deliveryIncludes('unknown')).toEqual(['Downloadable files']);
  });
  it('labels known values and humanizes unknown ones', () => {
    expect(labelFor(PRICING_MODEL_LABELS, 'one_time')).toBe('One-time purchase');
    expect(labelFor(PRICING_MODEL_LABELS, 'pay_what_you_want')).toBe('Pay what you want');
    expect(labelFor(PRICING_MODEL_LABELS, null)).toBe('');
  });
});

describe('stored favorites', () => {
  it('reads a JSON array of ids, without duplicates, ignoring anything malformed', () => {
    expect(parseStoredIds('["a","b","a"]')).toEqual(['a', 'b']);
    expect(parseStoredIds('["a",1,null,""]')).toEqual(['a']);
    expect(parseStoredIds('{"a":1}')).toEqual([]);
    expect(parseStoredIds('not json')).toEqual([]);
    expect(parseStoredIds(null)).toEqual([]);
  });
});

describe('the cart in the browser', () => {
  it('reads the stored cart: ids with titles, without duplicates or anything malformed, at most the server’s limit', () => {
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    expect(parseStoredCart(JSON.stringify([{ productId: id(1), title: 'A' }, { productId: id(1), title: 'again' }, { productId: id(2) }]))).toEqual([
      { productId: id(1), title: 'A' },
      { productId: id(2), title: '' },
    ]);
    // Not a product id the API takes: left out, or every read of the cart would be refused.
    expect(parseStoredCart('[1,null,"a",{"productId":""},{"productId":7},{"productId":"not-a-uuid"}]')).toEqual([]);
    expect(parseStoredCart(JSON.stringify({ productId: id(1) }))).toEqual([]);
    expect(parseStoredCart('not json')).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
    const many = JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ productId: id(i), title: '' })));
    expect(parseStoredCart(many)).toHaveLength(CART_MAX_ITEMS);
    expect(VISITOR_CART_MAX).toBe(CART_MAX_ITEMS);
  });

  it('shows the count in the header: hidden at 0, 99+ above 99', () => {
    expect([0, -1, Number.NaN, 1, 99, 100].map(cartBadgeText)).toEqual([null, null, null, '1', '99', '99+']);
  });

  it('says what changed between the cart the buyer saw and the one read after CART_CHANGED', () => {
    const item = (productId: string, title: string, priceCents: number, available = true, reason: string | null = null): CartItem => ({
      productId,
      title,
      url: `/product/${productId}`,
      creatorId: 'c',
      creatorName: 'Creator',
      thumbnailUrl: null,
      priceCents,
      available,
      reason,
    });
    const view = (items: CartItem[]): CartView => ({ items, totalCents: 0, count: items.length });
    const before = view([item('a', 'Prompts', 1200), item('b', 'Flows', 900), item('c', 'Gone', 500), item('d', 'Back', 700, false, 'Not for sale')]);
    const after = view([
      item('a', 'Prompts', 1500),
      item('b', 'Flows', 900, false, 'This product is no longer for sale'),
      item('d', 'Back', 700),
      item('e', 'New', 100),
    ]);
    expect(describeCartChanges(before, after)).toEqual([
      'Prompts now costs $15.00 (it was $12.00).',
      'Flows can no longer be bought: this product is no longer for sale.',
      'Gone is no longer in your cart.',
      'Back can be bought again, for $7.00.',
      'New was added to your cart.',
    ]);
    expect(describeCartChanges(before, before)).toEqual([]);
  });
});
