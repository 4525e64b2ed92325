import { describe, expect, it } from 'vitest';
import { BUDGET_FILTER_VALUES, BUDGET_OPTIONS, buildMarketplaceUrl } from '@/src/shared/marketplace-url';

describe('BUDGET_OPTIONS (spec sections 2 and 9)', () => {
  it('has the five budget labels in order', () => {
    expect(BUDGET_OPTIONS.map((o) => o.label)).toEqual(['Any price', 'Free tools', 'Under $50', '$50 - $100', '$100+']);
  });
  it('sends free, under-50, 50-100 and 100-plus, never any', () => {
    expect(BUDGET_FILTER_VALUES).toEqual(['free', 'under-50', '50-100', '100-plus']);
  });
});

describe('buildMarketplaceUrl', () => {
  it('sends only the category when the search is empty and the budget is Any price', () => {
    expect(buildMarketplaceUrl({ search: '', category: 'business', budget: 'any' })).toBe('/marketplace?category=business');
  });
  it('sends search only when it is non-empty after trimming', () => {
    expect(buildMarketplaceUrl({ search: '   ', category: 'design', budget: 'any' })).toBe('/marketplace?category=design');
    expect(buildMarketplaceUrl({ search: '  cold email  ', category: 'content', budget: 'any' })).toBe('/marketplace?search=cold+email&category=content');
  });
  it.each([
    ['free', '/marketplace?category=tech&budget=free'],
    ['under-50', '/marketplace?category=tech&budget=under-50'],
    ['50-100', '/marketplace?category=tech&budget=50-100'],
    ['100-plus', '/marketplace?category=tech&budget=100-plus'],
  ])('sends budget %s', (budget, url) => {
    expect(buildMarketplaceUrl({ search: '', category: 'tech', budget })).toBe(url);
  });
  it('orders the parameters search, category, budget and encodes the search', () => {
    expect(buildMarketplaceUrl({ search: 'R&D notes?', category: 'video', budget: '100-plus' })).toBe(
      '/marketplace?search=R%26D+notes%3F&category=video&budget=100-plus',
    );
  });
  it('drops unknown categories and budgets instead of sending them', () => {
    expect(buildMarketplaceUrl({ search: 'x', category: 'music', budget: 'cheap' })).toBe('/marketplace?search=x');
  });
  it('is the bare marketplace with nothing chosen', () => {
    expect(buildMarketplaceUrl({})).toBe('/marketplace');
    expect(buildMarketplaceUrl({ search: null, category: null, budget: null })).toBe('/marketplace');
  });
});
