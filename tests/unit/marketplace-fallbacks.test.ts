/**
 * Discovery that does not dead-end (issue 15): the searches the marketplace tries when a
 * category or a budget empties the results, which of them it offers, and the words it says.
 */
import { describe, expect, it } from 'vitest';
import {
  budgetPhrase,
  deadEndFallbacks,
  EMPTY_FILTERS,
  fallbackActionText,
  fallbacksToOffer,
  noResultsTitle,
  type MarketplaceFilters,
} from '@/src/components/catalogue/marketplace-query';

const f = (over: Partial<MarketplaceFilters>): MarketplaceFilters => ({ ...EMPTY_FILTERS, ...over });

describe('deadEndFallbacks', () => {
  it('offers nothing without a category or a budget (the search words alone found nothing)', () => {
    expect(deadEndFallbacks(f({ search: 'zzqx' }))).toEqual([]);
    expect(deadEndFallbacks(f({ search: 'zzqx', tool: 'n8n', level: 'beginner' }))).toEqual([]);
  });

  it('lifts the category and keeps the search, the other filters and the sort', () => {
    const filters = f({ search: 'guardduty', category: 'audio', tool: 'n8n', sort: 'newest' });
    expect(deadEndFallbacks(filters)).toEqual([{ drop: ['category'], filters: f({ search: 'guardduty', tool: 'n8n', sort: 'newest' }) }]);
  });

  it('lifts the budget', () => {
    expect(deadEndFallbacks(f({ search: 'guardduty', budget: 'free' }))).toEqual([{ drop: ['budget'], filters: f({ search: 'guardduty' }) }]);
  });

  it('with both: each alone, then both', () => {
    const filters = f({ search: 'x', category: 'audio', budget: '100-plus' });
    expect(deadEndFallbacks(filters).map((x) => [x.drop, x.filters])).toEqual([
      [['category'], f({ search: 'x', budget: '100-plus' })],
      [['budget'], f({ search: 'x', category: 'audio' })],
      [['category', 'budget'], f({ search: 'x' })],
    ]);
  });
});

describe('fallbacksToOffer', () => {
  const tried = (counts: [number, number, number]) =>
    deadEndFallbacks(f({ search: 'x', category: 'audio', budget: 'free' })).map((fallback, i) => ({ fallback, count: counts[i]! }));

  it('offers each single restriction lifted that finds something', () => {
    expect(fallbacksToOffer(tried([3, 2, 9])).map((t) => t.fallback.drop)).toEqual([['category'], ['budget']]);
    expect(fallbacksToOffer(tried([0, 2, 9])).map((t) => t.fallback.drop)).toEqual([['budget']]);
  });

  it('lifts both only when neither alone finds anything, and offers nothing when nothing finds anything', () => {
    expect(fallbacksToOffer(tried([0, 0, 4])).map((t) => t.fallback.drop)).toEqual([['category', 'budget']]);
    expect(fallbacksToOffer(tried([0, 0, 0]))).toEqual([]);
  });
});

describe('the words', () => {
  it("says 'No results in {category}' and the budget's equivalent", () => {
    expect(noResultsTitle(f({ search: 'x', category: 'audio' }), { category: 'Audio & Voice' })).toBe('No results in Audio & Voice');
    expect(noResultsTitle(f({ search: 'x', budget: 'under-50' }), { budget: 'Under $50' })).toBe('No results under $50');
    expect(noResultsTitle(f({ category: 'design', budget: 'free' }), { category: 'Design & Creative', budget: 'Free tools' })).toBe(
      'No results in Design & Creative among free products',
    );
    expect(noResultsTitle(f({ search: 'x' }), {})).toBeNull();
  });

  it('names every budget the marketplace offers, and an unknown one by its label', () => {
    expect(['free', 'under-50', '50-100', '100-plus'].map((b) => budgetPhrase(b))).toEqual([
      'among free products',
      'under $50',
      'between $50 and $100',
      'at $100 or more',
    ]);
    expect(budgetPhrase('cheap', 'Cheap')).toBe('for the budget Cheap');
  });

  it('counts the results the button shows', () => {
    expect(fallbackActionText(['category'], 1, false)).toBe('Show 1 result in all categories');
    expect(fallbackActionText(['category'], 3, false)).toBe('Show 3 results in all categories');
    expect(fallbackActionText(['budget'], 24, true)).toBe('Show 24+ results at any price');
    expect(fallbackActionText(['category', 'budget'], 2, false)).toBe('Show 2 results in all categories at any price');
  });
});
