/**
 * The landing page's live figures (issue 15: real numbers only). The counts come from the
 * database when the page renders (functions/catalogue/catalogue-pages.service.ts
 * getSiteFigures); this module decides how each is shown: rounded down, never up ('72' is
 * '70+'), and left out while it is too small to be worth a claim. A rating shows only with
 * reviews behind it.
 */

export interface SiteFigures {
  /** Published products. */
  products: number;
  /** Creators with at least one published product. */
  creators: number;
  /** AI tools with at least one published product. */
  tools: number;
  /** Downloads of published products, all time. */
  downloads: number;
  /** The average of every product review, and how many there are; null without any. */
  rating: { average: number; reviews: number } | null;
  /** Published products per category id. */
  byCategory: Record<string, number>;
}

/** Below these, a figure is left out: a small number makes no claim worth showing. */
const FIGURE_MINIMUMS = { products: 10, creators: 5, tools: 3, downloads: 100, category: 10 } as const;

/**
 * A count rounded down for a claim: below 100 to the ten ('72' is '70+'), above to two
 * significant digits ('1,234' is '1,200+', '12,345' is '12K+', '1,234,567' is '1.2M+'). Never
 * more than the count itself.
 */
export function roundedFigure(count: number): string {
  const n = Math.max(0, Math.floor(count));
  if (n < 10) return String(n);
  const step = n < 100 ? 10 : 10 ** (String(n).length - 2);
  const floored = Math.floor(n / step) * step;
  if (floored < 10_000) return `${floored.toLocaleString('en-US')}+`;
  if (floored < 1_000_000) return `${floored / 1000}K+`;
  return `${(Math.floor(floored / 100_000) / 10).toString()}M+`;
}

/** An average rating with one decimal, rounded down (4.86 is '4.8'): never better than it is. */
export function roundedRating(average: number): string {
  return (Math.floor(average * 10 + 1e-9) / 10).toFixed(1);
}

export type TrustFigureKey = 'rating' | 'products' | 'creators' | 'tools' | 'downloads';

/** The figures the landing's trust strip shows, in order; each one left out while small. */
export function trustFigures(f: SiteFigures): { key: TrustFigureKey; value: string; label: string }[] {
  const out: { key: TrustFigureKey; value: string; label: string }[] = [];
  if (f.rating && f.rating.reviews > 0) {
    const n = f.rating.reviews;
    out.push({ key: 'rating', value: roundedRating(f.rating.average), label: `Average of ${n.toLocaleString('en-US')} ${n === 1 ? 'review' : 'reviews'}` });
  }
  if (f.products >= FIGURE_MINIMUMS.products) out.push({ key: 'products', value: roundedFigure(f.products), label: 'Products' });
  if (f.creators >= FIGURE_MINIMUMS.creators) out.push({ key: 'creators', value: roundedFigure(f.creators), label: 'Creators' });
  if (f.tools >= FIGURE_MINIMUMS.tools) out.push({ key: 'tools', value: roundedFigure(f.tools), label: 'AI tools covered' });
  if (f.downloads >= FIGURE_MINIMUMS.downloads) out.push({ key: 'downloads', value: roundedFigure(f.downloads), label: 'Downloads' });
  return out;
}

/** A category tile's count ('10+ products'), or null while the category is small. */
export function categoryCountLabel(count: number | undefined): string | null {
  if (!count || count < FIGURE_MINIMUMS.category) return null;
  return `${roundedFigure(count)} products`;
}
