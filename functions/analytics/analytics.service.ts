/**
 * Visit analytics (issue 31, docs/decisions/079): where a creator's buyers come from.
 * - recordVisit(): the product page's beacon (POST /api/products/{id}/visit). The visitor is
 *   sha256(the UTC day's random salt, client address, user agent, product id): counted once per
 *   product per day, unlinkable across days (the salt of a past day is deleted), and neither the
 *   address nor the agent is kept. The first visit of the day decides that visitor's source.
 * - getTrafficAnalytics(): visitors, checkouts started, paid orders and revenue per day, per
 *   source, per referrer and per campaign over the last 7, 30 or 90 days, for /sales, a product's
 *   analytics page and the CSV export. Another creator's product is a 404, as an unknown one.
 * - pruneOldVisits(): visits older than VISIT_RETENTION_DAYS go (the daily retention job).
 */
import { createHash } from 'node:crypto';
import type { Db } from '@/db/database';
import { isUuid } from '@/src/shared/ids';
import {
  DEFAULT_TRAFFIC_RANGE,
  lastDays,
  normaliseSource,
  summariseTraffic,
  trafficCsvLines,
  VISIT_RETENTION_DAYS,
  type TrafficSource,
  type TrafficSummary,
} from '@/src/shared/traffic';
import { toCsv } from '@/src/shared/studio-format';
import { AppError } from '../_shared/errors';
import { isPublishedProduct } from '../catalogue/catalogue.repository';
import { createDailySalt, deleteVisitsBefore, findDailySalt, findOwnProduct, insertVisit, orderGroups, visitGroups } from './analytics.repository';

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

function visitorHash(salt: string, address: string, userAgent: string, productId: string): string {
  return createHash('sha256').update(`${salt}\n${address}\n${userAgent}\n${productId}`).digest('base64url').slice(0, 32);
}

export async function recordVisit(
  db: Db,
  input: {
    productId: string;
    address: string | null;
    userAgent: string | null;
    /** What the page sent: the referrer's host and the landing URL's utm_* values. */
    source: Partial<Record<keyof TrafficSource, string | null | undefined>>;
    /** This site's host: a visit from one of our own pages is not a referral. */
    ownHost: string | null;
    now?: Date;
  },
): Promise<{ counted: boolean; source: TrafficSource }> {
  if (!isUuid(input.productId)) throw new AppError('PRODUCT_NOT_FOUND');
  const day = utcDay(input.now ?? new Date());
  const source = normaliseSource(input.source, input.ownHost);
  // The day's first visit makes its salt: only for a product that can be visited, so a request
  // for an unknown or draft product writes nothing.
  let salt = await findDailySalt(db, day);
  if (!salt) {
    if (!(await isPublishedProduct(db, input.productId))) throw new AppError('PRODUCT_NOT_FOUND');
    salt = await createDailySalt(db, day);
  }
  const outcome = await insertVisit(db, {
    productId: input.productId,
    day,
    visitorHash: visitorHash(salt, input.address ?? 'unknown', (input.userAgent ?? '').slice(0, 500), input.productId),
    source,
  });
  if (outcome === 'missing') throw new AppError('PRODUCT_NOT_FOUND');
  return { counted: outcome === 'counted', source };
}

export async function getTrafficAnalytics(
  db: Db,
  creatorId: string,
  /** `days`: a range of TRAFFIC_RANGES from the pages and the CSV (a test may ask any). */
  options: { productId?: string | null; days?: number; now?: Date } = {},
): Promise<TrafficSummary> {
  const productId = options.productId ?? null;
  if (productId) await ownProduct(db, creatorId, productId);
  const days = lastDays(options.days ?? DEFAULT_TRAFFIC_RANGE, options.now ?? new Date());
  const scope = { creatorId, productId, fromDay: days[0]! };
  const [visits, orders] = await Promise.all([visitGroups(db, scope), orderGroups(db, scope)]);
  return summariseTraffic(visits, orders, days);
}

/** The creator's product (its id, title and status); another creator's, or an unknown id, is PRODUCT_NOT_FOUND (404). */
export async function ownProduct(db: Db, creatorId: string, productId: string) {
  const product = isUuid(productId) ? await findOwnProduct(db, creatorId, productId) : undefined;
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  return product;
}

/** The CSV export: one line per day and source of the window. */
export async function exportTrafficCsv(db: Db, creatorId: string, options: { productId?: string | null; days?: number } = {}): Promise<string> {
  return toCsv(trafficCsvLines(await getTrafficAnalytics(db, creatorId, options)));
}

/**
 * The retention of visits: the days older than VISIT_RETENTION_DAYS (today included in the
 * count) are deleted; the daily job 'maintenance.visit-retention' runs it. Orders keep their
 * source: only the visitor rows go. Returns how many rows were deleted.
 */
export async function pruneOldVisits(db: Db, now = new Date()): Promise<number> {
  return deleteVisitsBefore(db, lastDays(VISIT_RETENTION_DAYS, now)[0]!);
}
