/**
 * Display formatting from spec section 9, shared by pages, islands and the API.
 */
import { formatCents, pricePeriod, toCents } from './payments';

/** A price as stored (a numeric '19.00' or a number of dollars), or an amount in integer cents. */
export type PriceInput = number | string | null | undefined | { cents: number };

/**
 * A product's price or an order's amount as people read it, the one way every page shows one:
 * 'Free' when it is 0 or missing (or the product's pricing model is free), otherwise dollars
 * exact to the cent with a subscription's period ('$1,234.00', '$19.00/month'). An order passes
 * its integer cents and its kind: `formatPrice({ cents: order.amountCents }, order.kind)`.
 */
export function formatPrice(price: PriceInput, pricingModel?: string | null, payWhatYouWant?: boolean): string {
  const cents = typeof price === 'object' && price !== null ? Math.trunc(price.cents) : toCents(price);
  // Pay what you want (docs/decisions/077): the minimum, honestly: '$0+' or 'From $5.00'.
  if (payWhatYouWant && pricingModel === 'one_time') return cents > 0 ? `From ${formatCents(cents)}` : '$0+';
  if (!Number.isFinite(cents) || cents <= 0 || pricingModel === 'free') return 'Free';
  return `${formatCents(cents)}${pricePeriod(pricingModel)}`;
}

/** What a product without reviews shows instead of a rating (issue 15: never an invented figure). */
export const NO_RATINGS = 'No ratings yet';

/**
 * Whether a rating has reviews behind it. A product's rating is the average of its reviews
 * (1 to 5 stars each), and 0 while it has none, so any positive value is a real average.
 */
export function isRated(rating: number | string | null | undefined): boolean {
  const value = Number(rating ?? 0);
  return Number.isFinite(value) && value > 0;
}

/** A rating with one decimal ('4.3'), or 'No ratings yet' when no review is behind it (never 4.8). */
export function formatRating(rating: number | string | null | undefined): string {
  return isRated(rating) ? Number(rating).toFixed(1) : NO_RATINGS;
}

/** Compact counts: 950, 1.2K, 12K, 1.5M. */
export function formatCount(value: number): string {
  if (value < 1000) return String(value);
  if (value < 1_000_000) return `${(value / 1000).toFixed(value < 10_000 ? 1 : 0).replace(/\.0$/, '')}K`;
  return `${(value / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}

/** File sizes and storage: 512 B, 48 KB, 12.4 MB, 2 GB, 1.5 GB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1).replace(/\.0$/, '')} GB`;
}

/** Relative time in the spec's 'x ago' form. */
export function timeAgo(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const seconds = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  const steps: [number, string][] = [
    [60 * 60 * 24 * 365, 'year'],
    [60 * 60 * 24 * 30, 'month'],
    [60 * 60 * 24 * 7, 'week'],
    [60 * 60 * 24, 'day'],
    [60 * 60, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of steps) {
    if (seconds >= size) {
      const n = Math.floor(seconds / size);
      return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
    }
  }
  return 'just now';
}

/** '21 Nov 2026' */
/** One formatter for every call: toLocaleDateString builds a new one each time, which is most of its cost. */
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function formatDate(date: Date | string): string {
  const value = new Date(date);
  // format() throws on an invalid date, where toLocaleDateString said so.
  return Number.isNaN(value.getTime()) ? 'Invalid Date' : DATE_FORMAT.format(value);
}
