/**
 * Demo data a new user sees on first start: categories, the 14 built-in tools, demo users
 * with profiles and generated avatars, products with generated images and real deliverable
 * files, tool updates, reviews and follows. The catalogue is read from db/seed/data and
 * checked with the app's own rules first (db/seed/demo-data.ts, docs/decisions/020).
 * Idempotent: every row has a deterministic id and is inserted with `on conflict do
 * nothing`; counters are recomputed from the rows.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../database';
import type { BlobStore } from '@/functions/_shared/blob-store';
import { downloadTypeFor } from '@/src/shared/delivery';
import { feeCents, purchaseKind, toCents, DEFAULT_PLATFORM_FEE_BPS, SUBSCRIPTION_PERIOD_DAYS } from '@/src/shared/payments';
import { toColumns } from '@/functions/products/products.service';
import { loadDemoData, type DemoData } from './demo-data';
import { renderAvatar, renderBanner, renderProductImage } from './images';
import { DEMO_ADMIN_KEY, demoProductId, demoUpdateId, demoUserId, stableUuid } from './ids';
import { seedReferenceData } from './reference';
import { seedProductReviews } from './product-reviews';
import { seedCommunity, seedOpenReport } from './community';
import { insertSaleEntry } from '@/functions/payments/ledger.repository';
import { availableAt } from '@/src/shared/ledger';
import { getEnv } from '@/env';

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number, now: number) => new Date(now - days * DAY);

/**
 * A demo product's deliverable files, put in the blob store (local, or Vercel Blob when
 * BLOB_READ_WRITE_TOKEN is set) where its file_urls say, as private files only the download
 * route reads (the loader checked the paths as the editor would).
 */
export async function storeDemoDeliverables(blobs: BlobStore, p: DemoData['products'][number]): Promise<void> {
  for (const file of p.files) {
    await blobs.put(`deliverables/${demoUserId(p.creatorKey)}/${demoProductId(p.key)}/${file.name}`, file.bytes, {
      contentType: 'application/octet-stream',
      access: 'private',
    });
  }
}

export interface SeedReport {
  users: number;
  products: number;
  updates: number;
}

export async function seedDemo(db: Db, blobs: BlobStore, now = Date.now()): Promise<SeedReport> {
  const demo = loadDemoData();
  await seedReferenceData(db);
  const passwordHash = await hashPassword(demo.password);

  for (const u of demo.users) {
    const id = demoUserId(u.key);
    const joined = ago(u.joinedDaysAgo, now);
    const avatar = await blobs.put(`avatars/${id}/avatar.webp`, await renderAvatar({ name: u.fullName, hue: u.avatarHue }), {
      contentType: 'image/webp',
      access: 'public',
    });
    const banner =
      u.userType === 'creator'
        ? await blobs.put(`banners/${id}/banner.webp`, await renderBanner({ name: u.fullName, hue: u.avatarHue }), {
            contentType: 'image/webp',
            access: 'public',
          })
        : null;
    await db
      .insertInto('users')
      .values({
        id,
        name: u.fullName,
        email: u.email,
        email_verified: true,
        image: avatar.url,
        full_name: u.fullName,
        user_type: u.userType,
        company: u.company,
        created_at: joined,
        updated_at: joined,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await db
      .insertInto('accounts')
      .values({
        id: stableUuid('account', u.key),
        account_id: id,
        provider_id: 'credential',
        user_id: id,
        password: passwordHash,
        created_at: joined,
        updated_at: joined,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    // A trigger creates a bare profile with every user (migration 2026-11-22-0001); the demo
    // profile fills it in, and re-seeding writes the same values again.
    const profile = {
      full_name: u.fullName,
      user_type: u.userType,
      role: u.role,
      company: u.company,
      bio: u.bio,
      interests: u.interests,
      avatar_url: avatar.url,
      banner_image_url: banner?.url ?? null,
      social_links: JSON.stringify(u.socialLinks),
      specialties: u.specialties,
      location: u.location,
      website: u.website,
      verified: u.verified,
      onboarding_status: 'completed' as const,
      created_at: joined,
      updated_at: joined,
    };
    await db
      .insertInto('profiles')
      .values({ id, ...profile })
      .onConflict((oc) => oc.column('id').doUpdateSet(profile))
      .execute();
  }

  for (const [index, p] of demo.products.entries()) {
    const id = demoProductId(p.key);
    const creatorId = demoUserId(p.creatorKey);
    const stamp = now - p.createdDaysAgo * DAY;
    const look = { title: p.input.title, categoryId: p.input.category_id, aiToolType: p.input.ai_tool_type };
    const image = await blobs.put(`products/${creatorId}/product-main-${stamp}-0.webp`, await renderProductImage({ ...look, seed: index, variant: 'main' }), {
      contentType: 'image/webp',
      access: 'public',
    });
    // Every third product gets a featured and an additional image, so galleries vary.
    const extra = index % 3 === 0;
    const featured = extra
      ? await blobs.put(
          `products/${creatorId}/product-featured-${stamp}-0.webp`,
          await renderProductImage({ ...look, seed: index + 101, variant: 'featured' }),
          { contentType: 'image/webp', access: 'public' },
        )
      : null;
    const additional = extra
      ? await blobs.put(
          `products/${creatorId}/product-additional-${stamp}-0.webp`,
          await renderProductImage({ ...look, seed: index + 202, variant: 'additional' }),
          { contentType: 'image/webp', access: 'public' },
        )
      : null;
    await storeDemoDeliverables(blobs, p);
    const created = new Date(stamp);
    await db
      .insertInto('products')
      .values({
        ...toColumns(p.input),
        id,
        creator_id: creatorId,
        image_url: image.url,
        featured_image_url: featured?.url ?? null,
        additional_images: additional ? [additional.url] : [],
        // Counted from the seeded downloads by seedDemoCounters, as the download service counts them.
        downloads_count: 0,
        views_count: p.viewsCount,
        published_at: p.input.status === 'published' ? created : null,
        created_at: created,
        updated_at: created,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  const admin = demoUserId(DEMO_ADMIN_KEY);
  for (const u of demo.toolUpdates) {
    await db
      .insertInto('ai_tool_updates')
      .values({
        id: demoUpdateId(u.toolId, u.title),
        tool_id: u.toolId,
        author_id: admin,
        title: u.title,
        content: u.content,
        update_type: u.updateType,
        version: u.version,
        created_at: ago(u.daysAgo, now),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  for (const r of demo.reviews) {
    const at = ago(r.daysAgo, now);
    await db
      .insertInto('seller_reviews')
      .values({
        seller_id: demoUserId(r.sellerKey),
        reviewer_id: demoUserId(r.reviewerKey),
        rating: r.rating,
        review_text: r.text,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(['seller_id', 'reviewer_id']).doNothing())
      .execute();
  }
  for (const f of demo.follows) {
    await db
      .insertInto('follows')
      .values({ follower_id: demoUserId(f.followerKey), following_id: demoUserId(f.followingKey) })
      .onConflict((oc) => oc.columns(['follower_id', 'following_id']).doNothing())
      .execute();
  }
  for (const f of demo.toolFollows) {
    await db
      .insertInto('ai_tool_follows')
      .values({ user_id: demoUserId(f.userKey), tool_id: f.toolId })
      .onConflict((oc) => oc.columns(['user_id', 'tool_id']).doNothing())
      .execute();
  }
  // Followers of a tool get a notice for each update posted after they followed; the demo
  // gives every follower the updates of the last 30 days, the older ones already read.
  await sql`
    insert into user_notifications (user_id, update_id, is_read, read_at, created_at)
    select f.user_id, u.id, u.created_at < now() - interval '7 days', case when u.created_at < now() - interval '7 days' then u.created_at end, u.created_at
    from ai_tool_follows f join ai_tool_updates u on u.tool_id = f.tool_id
    where u.created_at > now() - interval '30 days'
    on conflict (user_id, update_id) do nothing
  `.execute(db);
  await seedActivity(db, demo, now);
  await seedDemoCounters(db, demo);
  await recomputeProfileCounters(db);
  // Product reviews come after the orders and downloads they need (docs/decisions/029).
  await seedProductReviews(db, demo.productReviews, now);
  // The community's threads, replies, votes and Q&A (docs/decisions/036).
  await seedCommunity(
    db,
    demo.community,
    demo.products.map((p) => ({ key: p.key, creatorKey: p.creatorKey })),
    now,
  );
  // One open report for the moderation queue (docs/decisions/037).
  await seedOpenReport(db, now);

  return { users: demo.users.length, products: demo.products.length, updates: demo.toolUpdates.length };
}

/**
 * Recent activity so creator pages have real figures: demo buyers' downloads over the last
 * 60 days and product views over the last 30. Deterministic ids keep it idempotent. The
 * products' views_count is a lifetime total that includes these views; their downloads_count
 * is counted from these downloads afterwards (seedDemoCounters).
 * Every paid download of a one-time or subscription product is backed by a paid order (test
 * mode, the local provider), and subscriptions by an active subscription: sales and earnings
 * come from orders (docs/decisions/013) and their sale entries in the creators' ledgers
 * (docs/decisions/048), and the demo buyers really own what they downloaded.
 */
async function seedActivity(db: Db, demo: DemoData, now: number): Promise<void> {
  const buyers = demo.users.filter((u) => u.userType !== 'creator' && u.role !== 'admin');
  const published = demo.products.filter((p) => p.input.status === 'published');
  for (const [b, buyer] of buyers.entries()) {
    for (const [i, { key, creatorKey, input: p }] of published.entries()) {
      if ((i + b * 3) % 6 !== 0) continue;
      const at = new Date(now - ((i * 7 + b * 11) % 60) * DAY - ((i * 13) % 24) * 3_600_000);
      await db
        .insertInto('downloads')
        .values({
          id: stableUuid('download', `${buyer.key}:${key}`),
          user_id: demoUserId(buyer.key),
          product_id: demoProductId(key),
          download_type: downloadTypeFor(p.price),
          amount: p.price,
          content_accessed: p.content_delivery_type,
          created_at: at,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const kind = purchaseKind({ price: p.price, pricingModel: p.pricing_model });
      if (!kind) continue;
      const cents = toCents(p.price);
      const orderKey = `${buyer.key}:${key}`;
      const subscriptionId = kind === 'subscription' ? `sub_test_demo${stableUuid('subscription', orderKey).replace(/-/g, '').slice(0, 16)}` : null;
      await db
        .insertInto('orders')
        .values({
          id: stableUuid('order', orderKey),
          buyer_id: demoUserId(buyer.key),
          product_id: demoProductId(key),
          creator_id: demoUserId(creatorKey),
          kind,
          amount_cents: cents,
          fee_cents: feeCents(cents, DEFAULT_PLATFORM_FEE_BPS),
          provider: 'local',
          status: 'paid',
          provider_session_id: `cs_test_demo${stableUuid('session', orderKey).replace(/-/g, '').slice(0, 16)}`,
          provider_payment_id: `pi_test_demo${stableUuid('payment', orderKey).replace(/-/g, '').slice(0, 16)}`,
          provider_subscription_id: subscriptionId,
          created_at: at,
          paid_at: at,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      // The creator's ledger has every sale, as a paid checkout writes it (docs/decisions/048).
      await insertSaleEntry(db, {
        creatorId: demoUserId(creatorKey),
        orderId: stableUuid('order', orderKey),
        amountCents: cents - feeCents(cents, DEFAULT_PLATFORM_FEE_BPS),
        availableAt: availableAt(at, getEnv().PAYOUT_HOLD_DAYS),
        createdAt: at,
      });
      if (subscriptionId) {
        await db
          .insertInto('subscriptions')
          .values({
            buyer_id: demoUserId(buyer.key),
            product_id: demoProductId(key),
            creator_id: demoUserId(creatorKey),
            provider: 'local',
            provider_subscription_id: subscriptionId,
            price_cents: cents,
            status: 'active',
            current_period_end: new Date(
              at.getTime() + Math.ceil((now - at.getTime()) / (SUBSCRIPTION_PERIOD_DAYS * DAY) + 1) * SUBSCRIPTION_PERIOD_DAYS * DAY,
            ),
            updated_at: new Date(now),
          })
          .onConflict((oc) => oc.column('provider_subscription_id').doNothing())
          .execute();
      }
    }
  }
  for (const [i, { key }] of published.entries()) {
    const views = 4 + ((i * 7) % 23);
    // The same visits as /sales's 'Where buyers come from' counts them (docs/decisions/079): a
    // visitor once per product per day, with no referrer (the demo's views came from nowhere in
    // particular), so its visitors agree with the views above instead of reading 0.
    const visits = new Map<string, { product_id: string; day: string; visitor_hash: string }>();
    for (let n = 0; n < views; n++) {
      const at = new Date(now - ((n * 5 + i) % 30) * DAY - ((n * 17) % 24) * 3_600_000);
      const sessionId = `demo-session-${(i + n) % 40}`;
      await db
        .insertInto('product_interactions')
        .values({
          id: stableUuid('view', `${key}:${n}`),
          product_id: demoProductId(key),
          user_id: null,
          interaction_type: 'view',
          session_id: sessionId,
          interaction_context: JSON.stringify({ timestamp: at.toISOString(), userAgent: 'demo' }),
          created_at: at,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const day = at.toISOString().slice(0, 10);
      const visitorHash = createHash('sha256').update(`demo:${sessionId}`).digest('hex');
      visits.set(`${day}:${visitorHash}`, { product_id: demoProductId(key), day, visitor_hash: visitorHash });
    }
    await db
      .insertInto('product_visits')
      .values([...visits.values()])
      .onConflict((oc) => oc.columns(['product_id', 'day', 'visitor_hash']).doNothing())
      .execute();
  }
}

/**
 * The demo products' download figures, counted from the downloads the seed recorded the way
 * the download service counts them (one per person: functions/downloads/downloads.repository.ts),
 * so every figure the demo shows matches its rows; sales and earnings come from the orders
 * (recomputeProfileCounters). Idempotent: a count, not an increment.
 */
export async function seedDemoCounters(db: Db, demo: DemoData): Promise<void> {
  const ids = demo.products.map((p) => demoProductId(p.key));
  if (!ids.length) return;
  // The downloaders the app counts by (one row per person and product, so a demo buyer's next download does not count again).
  await sql`
    insert into product_downloaders (product_id, user_id, first_downloaded_at)
    select product_id, user_id, min(created_at) from downloads where product_id in (${sql.join(ids)}) group by product_id, user_id
    on conflict (product_id, user_id) do nothing
  `.execute(db);
  await db
    .updateTable('products')
    .set({ downloads_count: sql<number>`(select count(*)::integer from product_downloaders d where d.product_id = products.id)` })
    .where('id', 'in', ids)
    .execute();
}

/** Derived profile figures, recomputed from their source rows. */
async function recomputeProfileCounters(db: Db): Promise<void> {
  await sql`
    update profiles p set
      follower_count = (select count(*) from follows f where f.following_id = p.id),
      following_count = (select count(*) from follows f where f.follower_id = p.id),
      review_count = (select count(*) from seller_reviews r where r.seller_id = p.id),
      average_rating = coalesce((select round(avg(r.rating)::numeric, 2) from seller_reviews r where r.seller_id = p.id), 0),
      total_sales = (select count(*) from orders o where o.creator_id = p.id and o.status = 'paid'),
      total_earnings = coalesce((select sum(o.amount_cents - o.fee_cents) / 100.0 from orders o where o.creator_id = p.id and o.status = 'paid'), 0)
  `.execute(db);
}
