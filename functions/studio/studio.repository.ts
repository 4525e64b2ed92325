/**
 * Every query of the creator studio: the dashboard's counts and checklist facts, followers,
 * sales (the creator's paid orders, functions/payments), analytics over the last days computed
 * from product_interactions and downloads (reviews are the reviews domain's: functions/reviews;
 * the ledger and payouts are functions/payments/ledger.repository.ts's). Read-only. Every query
 * is scoped to one user id.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import { after as afterKeyset, timeKey, type TimeKeyset } from '../_shared/keyset.repository';

const int = (value: unknown) => Number(value ?? 0);

export async function countProducts(db: Db, creatorId: string) {
  const row = await db
    .selectFrom('products')
    .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) filter (where status = 'published')`.as('published')])
    .where('creator_id', '=', creatorId)
    .executeTakeFirstOrThrow();
  return { total: int(row.total), published: int(row.published) };
}

/**
 * The creator's paid orders (issue 11: sales are orders, not downloads): count, gross and
 * platform fee in integer cents. Refunded orders are not sales any more.
 */
export async function salesTotals(db: Db, creatorId: string, since?: Date) {
  let query = db
    .selectFrom('orders')
    .select([sql<string>`count(*)`.as('sales'), sql<string>`coalesce(sum(amount_cents), 0)`.as('gross'), sql<string>`coalesce(sum(fee_cents), 0)`.as('fee')])
    .where('creator_id', '=', creatorId)
    .where('status', '=', 'paid');
  if (since) query = query.where('paid_at', '>=', since);
  const row = await query.executeTakeFirstOrThrow();
  return { sales: int(row.sales), grossCents: int(row.gross), feeCents: int(row.fee) };
}

export async function countFollowers(db: Db, userId: string, since?: Date): Promise<number> {
  let query = db
    .selectFrom('follows')
    .select(sql<string>`count(*)`.as('n'))
    .where('following_id', '=', userId);
  if (since) query = query.where('created_at', '>=', since);
  return int((await query.executeTakeFirstOrThrow()).n);
}

/** What a user follows: people and AI tools. */
export async function countFollowing(db: Db, userId: string) {
  const row = await sql<{ people: string; tools: string }>`
    select (select count(*) from follows where follower_id = ${userId}) as people,
           (select count(*) from ai_tool_follows where user_id = ${userId}) as tools
  `.execute(db);
  return { people: int(row.rows[0]?.people), tools: int(row.rows[0]?.tools) };
}

/** People connected either way (following or followed by), each counted once. */
export async function countConnections(db: Db, userId: string): Promise<number> {
  const row = await sql<{ n: string }>`
    select count(*) as n from (
      select following_id as other from follows where follower_id = ${userId}
      union
      select follower_id as other from follows where following_id = ${userId}
    ) connections
  `.execute(db);
  return int(row.rows[0]?.n);
}

export async function buyerCounts(db: Db, userId: string) {
  const row = await sql<{ downloads: string; paid: string; favorites: string; reviews: string }>`
    select (select count(*) from downloads where user_id = ${userId}) as downloads,
           (select count(*) from orders where buyer_id = ${userId} and status = 'paid') as paid,
           (select count(*) from favorites where user_id = ${userId}) as favorites,
           -- Every review they wrote, of creators and of products: the profile's 'Reviews written' (issue 32).
           (select count(*) from seller_reviews where reviewer_id = ${userId})
             + (select count(*) from product_reviews where reviewer_id = ${userId}) as reviews
  `.execute(db);
  const r = row.rows[0];
  return { downloads: int(r?.downloads), paid: int(r?.paid), favorites: int(r?.favorites), reviews: int(r?.reviews) };
}

/** The facts behind the Getting Started checklist, in one round trip. */
export async function checklistFacts(db: Db, userId: string) {
  const row = await sql<{
    onboarding_status: string | null;
    has_bio: boolean;
    has_avatar: boolean;
    has_product: boolean;
    has_published: boolean;
    follows_person: boolean;
    follows_tool: boolean;
    explored: boolean;
    downloaded: boolean;
  }>`
    select
      (select onboarding_status from profiles where id = ${userId}) as onboarding_status,
      exists (select 1 from profiles where id = ${userId} and coalesce(trim(bio), '') <> '') as has_bio,
      exists (select 1 from profiles where id = ${userId} and avatar_url is not null) as has_avatar,
      exists (select 1 from products where creator_id = ${userId}) as has_product,
      exists (select 1 from products where creator_id = ${userId} and status = 'published') as has_published,
      exists (select 1 from follows where follower_id = ${userId}) as follows_person,
      exists (select 1 from ai_tool_follows where user_id = ${userId}) as follows_tool,
      (exists (select 1 from product_interactions where user_id = ${userId})
        or exists (select 1 from favorites where user_id = ${userId})) as explored,
      exists (select 1 from downloads where user_id = ${userId}) as downloaded
  `.execute(db);
  const r = row.rows[0];
  return {
    onboardingStatus: r?.onboarding_status ?? 'pending',
    hasBio: Boolean(r?.has_bio),
    hasAvatar: Boolean(r?.has_avatar),
    hasProduct: Boolean(r?.has_product),
    hasPublished: Boolean(r?.has_published),
    followsPerson: Boolean(r?.follows_person),
    followsTool: Boolean(r?.follows_tool),
    explored: Boolean(r?.explored) || Boolean(r?.downloaded),
    downloaded: Boolean(r?.downloaded),
  };
}

export async function listFollowers(db: Db, userId: string, limit = 200) {
  return db
    .selectFrom('follows as f')
    .innerJoin('profiles as p', 'p.id', 'f.follower_id')
    .select([
      'p.id',
      'p.handle',
      'p.full_name',
      'p.avatar_url',
      'p.user_type',
      'p.verified',
      'p.follower_count',
      'p.company',
      'f.created_at as followed_at',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('follows as back')
              .select('back.follower_id')
              .whereRef('back.following_id', '=', 'f.follower_id')
              .where('back.follower_id', '=', userId),
          )
          .as('follows_back'),
    ])
    .where('f.following_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The creator's paid and refunded orders, newest first by payment time: the sales and
 * earnings ledger, and GET /api/me/sales page by page (keyset on paid_at, id: `after` is the
 * last row of the previous page; a paid or refunded order always has its paid_at).
 */
export async function listSales(db: Db, creatorId: string, limit = 5000, after: TimeKeyset | null = null) {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .leftJoin('profiles as buyer', 'buyer.id', 'o.buyer_id')
    .leftJoin('order_payout_items as item', 'item.order_id', 'o.id')
    .leftJoin('payout_requests as payout', 'payout.id', 'item.payout_id')
    .select([
      'o.id',
      'o.number',
      'o.paid_at as created_at',
      'o.refunded_at',
      'o.amount_cents',
      'o.fee_cents',
      'o.currency',
      'o.status',
      'o.kind',
      'o.discount_code',
      'o.discount_cents',
      'p.id as product_id',
      'p.title as product_title',
      'buyer.full_name as buyer_name',
      'payout.status as payout_status',
      timeKey('o.paid_at').as('cursor_at'),
    ])
    .where('o.creator_id', '=', creatorId)
    .where('o.status', 'in', ['paid', 'refunded']);
  if (after) query = query.where(afterKeyset('o.paid_at', 'o.id', after));
  return query.orderBy('o.paid_at', 'desc').orderBy('o.id', 'desc').limit(limit).execute();
}

/**
 * One row per day of the last `days` days (today included, UTC), with the views of the
 * creator's products, their downloads, paid downloads and revenue: the shape of the spec's
 * seller_analytics, computed from the source rows.
 */
export async function dailyAnalytics(db: Db, creatorId: string, days: number) {
  const result = await sql<{ date: string; views: string; downloads: string; sales: string; revenue: string }>`
    with days as (
      select generate_series((now() at time zone 'utc')::date - ${days - 1}::int, (now() at time zone 'utc')::date, interval '1 day')::date as date
    ),
    own as (select id from products where creator_id = ${creatorId}),
    v as (
      select (i.created_at at time zone 'utc')::date as date, count(*) as views
      from product_interactions i join own on own.id = i.product_id
      where i.interaction_type = 'view' and i.created_at >= now() - make_interval(days => ${days})
      group by 1
    ),
    d as (
      select (dl.created_at at time zone 'utc')::date as date, count(*) as downloads
      from downloads dl join own on own.id = dl.product_id
      where dl.created_at >= now() - make_interval(days => ${days})
      group by 1
    ),
    o as (
      select (paid_at at time zone 'utc')::date as date, count(*) as sales, coalesce(sum(amount_cents), 0) as revenue_cents
      from orders
      where creator_id = ${creatorId} and status = 'paid' and paid_at >= now() - make_interval(days => ${days})
      group by 1
    )
    select to_char(days.date, 'YYYY-MM-DD') as date, coalesce(v.views, 0) as views, coalesce(d.downloads, 0) as downloads,
           coalesce(o.sales, 0) as sales, coalesce(o.revenue_cents, 0) / 100.0 as revenue
    from days left join v on v.date = days.date left join d on d.date = days.date left join o on o.date = days.date
    order by days.date
  `.execute(db);
  return result.rows.map((r) => ({ date: r.date, views: int(r.views), downloads: int(r.downloads), sales: int(r.sales), revenue: Number(r.revenue) }));
}

/**
 * Per product (every one of the creator's, newest first), over the last `days` days: counted
 * views and the unique visitors behind them, downloads and the people who downloaded, paid
 * orders (and those of them that came through a checkout: a subscription's renewal has no
 * checkout session) and revenue in cents. A view counts once per visitor per day; its
 * visitor is its visitor_key, or for views counted before that column existed its account,
 * else its tab's session id, else the view itself (docs/decisions/047).
 */
export async function productAnalytics(db: Db, creatorId: string, days: number) {
  const result = await sql<{
    id: string;
    title: string;
    status: string;
    price: string;
    pricing_model: string;
    pay_what_you_want: boolean;
    views: string;
    visitors: string;
    downloads: string;
    downloaders: string;
    sales: string;
    checkouts: string;
    revenue_cents: string;
  }>`
    select p.id, p.title, p.status, p.price, p.pricing_model, p.pay_what_you_want, v.views, v.visitors, d.downloads, d.downloaders, o.sales, o.checkouts, o.revenue_cents
    from products p
    cross join lateral (
      select count(*) as views,
        count(distinct coalesce(i.visitor_key, 'user:' || i.user_id, 'session:' || i.session_id, 'view:' || i.id::text)) as visitors
      from product_interactions i
      where i.product_id = p.id and i.interaction_type = 'view' and i.created_at >= now() - make_interval(days => ${days})
    ) v
    cross join lateral (
      select count(*) as downloads, count(distinct dl.user_id) as downloaders
      from downloads dl
      where dl.product_id = p.id and dl.created_at >= now() - make_interval(days => ${days})
    ) d
    cross join lateral (
      select count(*) as sales, count(*) filter (where o.provider_session_id is not null) as checkouts, coalesce(sum(o.amount_cents), 0) as revenue_cents
      from orders o
      where o.product_id = p.id and o.status = 'paid' and o.paid_at >= now() - make_interval(days => ${days})
    ) o
    where p.creator_id = ${creatorId}
    order by p.created_at desc, p.id desc
  `.execute(db);
  return result.rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    price: r.price,
    pricingModel: r.pricing_model,
    payWhatYouWant: r.pay_what_you_want,
    views: int(r.views),
    visitors: int(r.visitors),
    downloads: int(r.downloads),
    downloaders: int(r.downloaders),
    sales: int(r.sales),
    checkouts: int(r.checkouts),
    revenueCents: int(r.revenue_cents),
  }));
}

/** The signed-in creator as the studio's preview shows them. */
export async function findCreatorCard(db: Db, userId: string) {
  return db
    .selectFrom('profiles')
    .select(['id', 'full_name', 'company', 'avatar_url', 'bio', 'verified', 'follower_count'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
