/**
 * Every query of the visit analytics (docs/decisions/079): the day's salt, the one-row-per-visitor
 * visits, a creator's product, and the grouped counts the figures are summed from. Days are UTC
 * dates written YYYY-MM-DD by the database itself, so both drivers answer the same strings.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import type { OrderGroup, TrafficSource, VisitGroup } from '@/src/shared/traffic';
import { isPublishedProduct, publishedProducts } from '../catalogue/catalogue.repository';

/** The salt of `day`, when a visit of that day made it. */
export async function findDailySalt(db: Db, day: string): Promise<string | null> {
  const row = await db
    .selectFrom('visit_salts')
    .select('salt')
    .where('day', '=', sql<Date>`${day}::date`)
    .executeTakeFirst();
  return row?.salt ?? null;
}

/**
 * Makes the salt of `day` at random (the first visit of the day); making it deletes every older
 * day's salt, so yesterday's hashes can no longer be recomputed nor linked to today's.
 */
export async function createDailySalt(db: Db, day: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('visit_salts')
      .where('day', '<', sql<Date>`${day}::date`)
      .execute();
    await trx
      .insertInto('visit_salts')
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    // Of two first visits at once, both read the one salt that was inserted.
    const row = await trx
      .selectFrom('visit_salts')
      .select('salt')
      .where('day', '=', sql<Date>`${day}::date`)
      .executeTakeFirstOrThrow();
    return row.salt;
  });
}

/** Marks (product, day, visitor) with its source when the product is published: 'counted', 'duplicate' or 'missing'. */
export async function insertVisit(
  db: Db,
  visit: { productId: string; day: string; visitorHash: string; source: TrafficSource },
): Promise<'counted' | 'duplicate' | 'missing'> {
  const { source } = visit;
  const inserted = await db
    .insertInto('product_visits')
    .columns(['product_id', 'day', 'visitor_hash', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign'])
    .expression(
      publishedProducts(db)
        .select([
          'p.id',
          sql<string>`${visit.day}::date`.as('day'),
          sql<string>`${visit.visitorHash}`.as('visitor_hash'),
          sql<string | null>`${source.referrerHost}::text`.as('referrer_host'),
          sql<string | null>`${source.utmSource}::text`.as('utm_source'),
          sql<string | null>`${source.utmMedium}::text`.as('utm_medium'),
          sql<string | null>`${source.utmCampaign}::text`.as('utm_campaign'),
        ])
        .where('p.id', '=', visit.productId),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('product_id')
    .executeTakeFirst();
  if (inserted) return 'counted';
  return (await isPublishedProduct(db, visit.productId)) ? 'duplicate' : 'missing';
}

/** One of the creator's products (any status), or undefined: another creator's is as unknown. */
export async function findOwnProduct(db: Db, creatorId: string, productId: string) {
  return db.selectFrom('products').select(['id', 'title', 'status']).where('id', '=', productId).where('creator_id', '=', creatorId).executeTakeFirst();
}

interface Scope {
  creatorId: string;
  /** One product, or all the creator's. */
  productId: string | null;
  /** The first day counted (YYYY-MM-DD). */
  fromDay: string;
}

/** Visitors of the creator's products per day and source, from `fromDay` on. */
export async function visitGroups(db: Db, scope: Scope): Promise<VisitGroup[]> {
  const { rows } = await sql<{ day: string; referrer_host: string | null; utm_source: string | null; utm_campaign: string | null; visitors: number | string }>`
    select to_char(v.day, 'YYYY-MM-DD') as day, v.referrer_host, v.utm_source, v.utm_campaign, count(*) as visitors
    from product_visits v
    join products p on p.id = v.product_id
    where p.creator_id = ${scope.creatorId}
      and v.day >= ${scope.fromDay}::date
      ${scope.productId ? sql`and v.product_id = ${scope.productId}` : sql``}
    group by v.day, v.referrer_host, v.utm_source, v.utm_campaign
  `.execute(db);
  return rows.map((r) => ({ day: r.day, referrerHost: r.referrer_host, utmSource: r.utm_source, utmCampaign: r.utm_campaign, visitors: Number(r.visitors) }));
}

/**
 * Checkouts started per UTC day they started and source: every order but a subscription's
 * renewals (no session, a subscription id: no checkout started them); an order written without a
 * source (before it was recorded) is 'unknown'. How many were paid (refunded ones included: they
 * were paid) and the revenue of those still paid (refunds taken out), before tax.
 */
export async function orderGroups(db: Db, scope: Scope): Promise<OrderGroup[]> {
  const { rows } = await sql<{
    day: string;
    source: string;
    source_referrer: string | null;
    source_campaign: string | null;
    discount_code: string | null;
    affiliate_name: string | null;
    checkouts: number | string;
    paid: number | string;
    revenue: number | string | null;
  }>`
    select to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, coalesce(o.source, 'unknown') as source, o.source_referrer, o.source_campaign, o.discount_code, u.name as affiliate_name,
      count(*) as checkouts,
      count(*) filter (where o.status in ('paid', 'refunded')) as paid,
      coalesce(sum(o.amount_cents) filter (where o.status = 'paid'), 0) as revenue
    from orders o
    left join users u on u.id = o.affiliate_user_id
    where o.creator_id = ${scope.creatorId}
      and not (o.provider_session_id is null and o.provider_subscription_id is not null)
      and o.created_at >= (${scope.fromDay}::date)::timestamp at time zone 'UTC'
      ${scope.productId ? sql`and o.product_id = ${scope.productId}` : sql``}
    group by 1, o.source, o.source_referrer, o.source_campaign, o.discount_code, u.name
  `.execute(db);
  return rows.map((r) => ({
    day: r.day,
    source: r.source,
    referrerHost: r.source_referrer,
    campaign: r.source_campaign,
    discountCode: r.discount_code,
    affiliateName: r.affiliate_name,
    checkouts: Number(r.checkouts),
    paidOrders: Number(r.paid),
    revenueCents: Number(r.revenue ?? 0),
  }));
}

/** Deletes the visits of the days before `beforeDay` (YYYY-MM-DD), by the day index; how many went. */
export async function deleteVisitsBefore(db: Db, beforeDay: string): Promise<number> {
  const result = await db
    .deleteFrom('product_visits')
    .where('day', '<', sql<Date>`${beforeDay}::date`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
