/**
 * The landing's figures (src/shared/site-figures.ts, issue 15): rounded down, never up, left
 * out while small, and a rating only with reviews behind it.
 */
import { describe, expect, it } from 'vitest';
import { categoryCountLabel, roundedFigure, roundedRating, trustFigures, type SiteFigures } from '@/src/shared/site-figures';

const figures = (over: Partial<SiteFigures> = {}): SiteFigures => ({ products: 0, creators: 0, tools: 0, downloads: 0, rating: null, byCategory: {}, ...over });

describe('roundedFigure', () => {
  it('rounds down to a claim that is true', () => {
    expect(roundedFigure(72)).toBe('70+');
    expect(roundedFigure(70)).toBe('70+');
    expect(roundedFigure(99)).toBe('90+');
    expect(roundedFigure(345)).toBe('340+');
    expect(roundedFigure(1234)).toBe('1,200+');
    expect(roundedFigure(9999)).toBe('9,900+');
    expect(roundedFigure(12_345)).toBe('12K+');
    expect(roundedFigure(123_456)).toBe('120K+');
    expect(roundedFigure(1_234_567)).toBe('1.2M+');
    expect(roundedFigure(7)).toBe('7');
  });
});

describe('roundedRating', () => {
  it('never shows a better average than the real one', () => {
    expect(roundedRating(4.86)).toBe('4.8');
    expect(roundedRating(4.9)).toBe('4.9');
    expect(roundedRating(3)).toBe('3.0');
  });
});

describe('trustFigures', () => {
  it('leaves every figure out while the catalogue is small, and the rating out without reviews', () => {
    expect(trustFigures(figures({ products: 9, creators: 4, tools: 2, downloads: 99 }))).toEqual([]);
  });
  it('shows the live figures once they are large enough, the rating with how many reviews it averages', () => {
    const shown = trustFigures(figures({ products: 72, creators: 12, tools: 9, downloads: 15_320, rating: { average: 4.57, reviews: 1031 } }));
    expect(shown.map((f) => [f.key, f.value])).toEqual([
      ['rating', '4.5'],
      ['products', '70+'],
      ['creators', '10+'],
      ['tools', '9'],
      ['downloads', '15K+'],
    ]);
    expect(shown[0]?.label).toBe('Average of 1,031 reviews');
  });
});

describe('categoryCountLabel', () => {
  it('a rounded count of products, or nothing while small', () => {
    expect(categoryCountLabel(undefined)).toBeNull();
    expect(categoryCountLabel(9)).toBeNull();
    expect(categoryCountLabel(14)).toBe('10+ products');
  });
});
