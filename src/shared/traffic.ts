/**
 * Where buyers come from (issue 31, docs/decisions/079): the pure parts, shared by the product
 * page's visit beacon (src/components/catalogue/record-view.ts), the visit route and the checkout
 * (functions/analytics) and the creator's figures (/sales, /sales/products/{id}, the CSV).
 * - A source is a referrer's host (only the host: never a path or a query), and the
 *   utm_source / utm_medium / utm_campaign of the landing URL, each normalised and capped.
 * - Its label: utm_source, else the referrer's host, else 'direct'. An order's label is the
 *   affiliate credited with it ('affiliate: Ada'), else its discount code ('code: LAUNCH'): what
 *   the creator handed out to a channel.
 * - summariseTraffic() turns grouped counts into the funnel per day, per source, per referrer and
 *   per campaign; the figures are sums of the rows given, nothing estimated.
 */

export const MAX_HOST_LENGTH = 253;
export const MAX_UTM_LENGTH = 100;
/** How long the last source a browser arrived from is kept for its checkouts (the cookie). */
export const SOURCE_COOKIE = 'toolmint_source';
export const SOURCE_COOKIE_DAYS = 30;
const DIRECT = 'direct';

export interface TrafficSource {
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export const NO_SOURCE: TrafficSource = { referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null };

/**
 * The host of a referrer (a URL or a bare host), lower-case, without 'www.', a port or a trailing
 * dot; null when there is none or it is not a host name.
 */
export function referrerHostOf(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname;
  } catch {
    return null;
  }
  host = host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  if (!host || host.length > MAX_HOST_LENGTH) return null;
  // A DNS name or an IPv4 address; a bracketed IPv6 literal is kept as it is.
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host) && !/^\[[0-9a-f:.]+\]$/.test(host)) return null;
  return host;
}

/** One utm_* value: trimmed, lower-case (Newsletter and newsletter are one source), spaces collapsed, capped; null when empty. */
export function utmValue(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const text = value
    // eslint-disable-next-line no-control-regex -- control characters are dropped, not stored
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return text ? text.slice(0, MAX_UTM_LENGTH) : null;
}

/** The utm_source, utm_medium and utm_campaign of a query string ('?utm_source=newsletter&...'). */
export function utmFromSearch(search: string): Pick<TrafficSource, 'utmSource' | 'utmMedium' | 'utmCampaign'> {
  const params = new URLSearchParams(search);
  return { utmSource: utmValue(params.get('utm_source')), utmMedium: utmValue(params.get('utm_medium')), utmCampaign: utmValue(params.get('utm_campaign')) };
}

/** A source as the server keeps it: normalised again (the browser's word is not trusted), our own host is no referrer. */
export function normaliseSource(input: Partial<Record<keyof TrafficSource, string | null | undefined>>, ownHost: string | null): TrafficSource {
  const host = referrerHostOf(input.referrerHost);
  const own = referrerHostOf(ownHost);
  return {
    referrerHost: host && host !== own ? host : null,
    utmSource: utmValue(input.utmSource),
    utmMedium: utmValue(input.utmMedium),
    utmCampaign: utmValue(input.utmCampaign),
  };
}

export function isDirect(source: TrafficSource): boolean {
  return !source.referrerHost && !source.utmSource && !source.utmMedium && !source.utmCampaign;
}

/** 'newsletter' (utm_source), else 'news.ycombinator.com' (the referrer), else 'direct'. */
export function sourceLabel(source: Pick<TrafficSource, 'referrerHost' | 'utmSource'>): string {
  return source.utmSource ?? source.referrerHost ?? DIRECT;
}

/** The source cookie's value: the four fields, URL-encoded (no identifier of anyone). */
export function encodeSourceCookie(source: TrafficSource): string {
  const params = new URLSearchParams();
  if (source.referrerHost) params.set('r', source.referrerHost);
  if (source.utmSource) params.set('s', source.utmSource);
  if (source.utmMedium) params.set('m', source.utmMedium);
  if (source.utmCampaign) params.set('c', source.utmCampaign);
  return encodeURIComponent(params.toString());
}

/** The source of a request's cookie header: a browser can write anything there, so it is normalised again. */
export function sourceFromCookieHeader(cookieHeader: string | null, ownHost: string | null): TrafficSource {
  if (!cookieHeader) return NO_SOURCE;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SOURCE_COOKIE) continue;
    let params: URLSearchParams;
    try {
      params = new URLSearchParams(decodeURIComponent(rest.join('=')).slice(0, 1000));
    } catch {
      return NO_SOURCE;
    }
    return normaliseSource({ referrerHost: params.get('r'), utmSource: params.get('s'), utmMedium: params.get('m'), utmCampaign: params.get('c') }, ownHost);
  }
  return NO_SOURCE;
}

// --- The figures ---

export interface FunnelCounts {
  visitors: number;
  checkouts: number;
  paidOrders: number;
  /** Paid orders not refunded, before tax, in cents. */
  revenueCents: number;
}

/** Visitors of one day with one source (the repository's groups). */
export interface VisitGroup {
  day: string;
  referrerHost: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  visitors: number;
}

/** Checkouts of one day with one source, and how many were paid. */
export interface OrderGroup {
  day: string;
  source: string;
  referrerHost: string | null;
  campaign: string | null;
  discountCode: string | null;
  /** The affiliate whose link the order was credited to (docs/decisions/081); null: none. */
  affiliateName: string | null;
  checkouts: number;
  paidOrders: number;
  revenueCents: number;
}

export interface TrafficSummary {
  days: string[];
  totals: FunnelCounts;
  daily: (FunnelCounts & { day: string })[];
  bySource: (FunnelCounts & { source: string })[];
  byDayAndSource: (FunnelCounts & { day: string; source: string })[];
  referrers: (FunnelCounts & { host: string })[];
  campaigns: (FunnelCounts & { campaign: string })[];
}

const zero = (): FunnelCounts => ({ visitors: 0, checkouts: 0, paidOrders: 0, revenueCents: 0 });

/**
 * An order's label: the affiliate it was credited to (the channel that earns a commission on it),
 * else its discount code, else where its checkout started.
 */
function orderSourceLabel(order: Pick<OrderGroup, 'source' | 'discountCode' | 'affiliateName'>): string {
  if (order.affiliateName) return `affiliate: ${order.affiliateName}`;
  return order.discountCode ? `code: ${order.discountCode}` : order.source;
}

/**
 * The ranges the figures offer, in UTC days (today included): 'Where buyers come from' on /sales
 * and a product's page and the CSV export take one through `?days=`; 30 when none is asked.
 */
export const TRAFFIC_RANGES = [7, 30, 90] as const;
export type TrafficRange = (typeof TRAFFIC_RANGES)[number];
export const DEFAULT_TRAFFIC_RANGE: TrafficRange = 30;
/** The ranges as a query string writes them. */
export const TRAFFIC_RANGE_VALUES = TRAFFIC_RANGES.map(String) as [`${TrafficRange}`, ...`${TrafficRange}`[]];
export const TRAFFIC_RANGE_MESSAGE = `Choose a range of ${TRAFFIC_RANGES.slice(0, -1).join(', ')} or ${TRAFFIC_RANGES.at(-1)} days`;

/** `days` from a query string: one of the ranges, the default when absent, or null for anything else. */
export function parseTrafficRange(value: string | null | undefined): TrafficRange | null {
  if (value === null || value === undefined) return DEFAULT_TRAFFIC_RANGE;
  return TRAFFIC_RANGES.find((r) => String(r) === value) ?? null;
}

/**
 * How long visits are kept: a visit row older than this many days is deleted by the daily job
 * 'maintenance.visit-retention'. Well beyond the longest range shown (90 days), so a yearly range
 * or a comparison with the same weeks of last year can still be added on data that exists (365
 * days and a month of margin), yet bounded: the table no longer grows forever.
 */
export const VISIT_RETENTION_DAYS = 400;

/** The last `count` UTC days up to `now`'s, oldest first (YYYY-MM-DD). */
export function lastDays(count: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

function add(into: FunnelCounts, from: Partial<FunnelCounts>): void {
  into.visitors += from.visitors ?? 0;
  into.checkouts += from.checkouts ?? 0;
  into.paidOrders += from.paidOrders ?? 0;
  into.revenueCents += from.revenueCents ?? 0;
}

function bucket<K extends string>(map: Map<string, FunnelCounts & Record<K, string>>, keyName: K, key: string): FunnelCounts & Record<K, string> {
  let row = map.get(key);
  if (!row) {
    row = { ...zero(), [keyName]: key } as FunnelCounts & Record<K, string>;
    map.set(key, row);
  }
  return row;
}

/** Most visitors first, then most paid orders, then the name. */
const byWeight =
  <T extends FunnelCounts>(name: (row: T) => string) =>
  (a: T, b: T) =>
    b.visitors - a.visitors || b.paidOrders - a.paidOrders || b.checkouts - a.checkouts || name(a).localeCompare(name(b));

/** The funnel per day, per source, per referrer and per campaign, from the grouped counts of `days`. */
export function summariseTraffic(visits: readonly VisitGroup[], orders: readonly OrderGroup[], days: readonly string[]): TrafficSummary {
  const inRange = new Set(days);
  const daily = new Map(days.map((day) => [day, { ...zero(), day }]));
  const sources = new Map<string, FunnelCounts & { source: string }>();
  const dayAndSource = new Map<string, FunnelCounts & { day: string; source: string }>();
  const referrers = new Map<string, FunnelCounts & { host: string }>();
  const campaigns = new Map<string, FunnelCounts & { campaign: string }>();
  const totals = zero();
  const count = (day: string, source: string, host: string | null, campaign: string | null, counts: Partial<FunnelCounts>) => {
    add(totals, counts);
    add(daily.get(day)!, counts);
    add(bucket(sources, 'source', source), counts);
    const cell = dayAndSource.get(`${day} ${source}`) ?? { ...zero(), day, source };
    dayAndSource.set(`${day} ${source}`, cell);
    add(cell, counts);
    if (host) add(bucket(referrers, 'host', host), counts);
    if (campaign) add(bucket(campaigns, 'campaign', campaign), counts);
  };
  for (const v of visits) if (inRange.has(v.day)) count(v.day, sourceLabel(v), v.referrerHost, v.utmCampaign, { visitors: v.visitors });
  for (const o of orders)
    if (inRange.has(o.day))
      count(o.day, orderSourceLabel(o), o.referrerHost, o.campaign, { checkouts: o.checkouts, paidOrders: o.paidOrders, revenueCents: o.revenueCents });
  return {
    days: [...days],
    totals,
    daily: [...daily.values()],
    bySource: [...sources.values()].sort(byWeight((r) => r.source)),
    byDayAndSource: [...dayAndSource.values()].sort((a, b) => a.day.localeCompare(b.day) || a.source.localeCompare(b.source)),
    referrers: [...referrers.values()].sort(byWeight((r) => r.host)),
    campaigns: [...campaigns.values()].sort(byWeight((r) => r.campaign)),
  };
}

/** part / whole as a fraction, or null when there is nothing to divide by (shown as '—', never 0%). */
function conversion(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** '12.5%' or '—'. */
export function formatConversion(part: number, whole: number): string {
  const rate = conversion(part, whole);
  return rate === null ? '—' : `${(rate * 100).toFixed(1).replace(/\.0$/, '')}%`;
}

/** The CSV export's lines: a header, then one line per day and source (oldest first). */
export function trafficCsvLines(summary: TrafficSummary): (string | number)[][] {
  return [
    ['Day', 'Source', 'Visitors', 'Checkouts started', 'Paid orders', 'Revenue (USD)', 'Visitor to checkout', 'Checkout to paid'],
    ...summary.byDayAndSource.map((r) => [
      r.day,
      r.source,
      r.visitors,
      r.checkouts,
      r.paidOrders,
      (r.revenueCents / 100).toFixed(2),
      formatConversion(r.checkouts, r.visitors),
      formatConversion(r.paidOrders, r.checkouts),
    ]),
  ];
}

/** An SVG polyline's points for `values` in a width x height box (0 at the bottom), scaled to `max`. */
export function chartPoints(values: readonly number[], width: number, height: number, max: number): string {
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((v, i) => `${(i * step).toFixed(1)},${(height - (max > 0 ? (v / max) * height : 0)).toFixed(1)}`).join(' ');
}
