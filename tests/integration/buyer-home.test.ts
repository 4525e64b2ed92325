/**
 * A buyer's home and the dashboard's primary action (issue 15, docs/decisions/030) on a real
 * database, through the services /profile and /dashboard render from:
 * - getBuyerHome: the library (paid, refunded and free, which outlives the product's deletion),
 *   favorites, followed tools and creators, seller reviews written; each the user's own only;
 * - the profile's cards: a buyer's never show Sales or Earnings, a creator keeps them, and a
 *   buyer with products of their own gets the seller view;
 * - the dashboard's primary action per user type, never Sign Out.
 * The pages themselves are walked in Chromium (tests/e2e/buyer-home.spec.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { getBuyerHome } from '@/functions/home/home.service';
import { deleteProduct } from '@/functions/products/products.service';
import { getDashboardFigures } from '@/functions/studio/studio.service';
import { refundOrder } from '@/functions/payments/orders.service';
import { dashboardView } from '@/src/components/dashboard/dashboard-view';
import { buyerCards, isSellerView, sellerCards } from '@/src/components/profile/profile-cards';
import type { SessionUser } from '@/src/shared/session';
import type { UserType } from '@/src/shared/domain';
import { createProduct, createUser } from '../support/factories';
import { buyLocally, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let deps: ReturnType<typeof testDeps>;
let creator: { id: string; email: string; fullName: string };

const sessionOf = (u: { id: string; email: string }, userType: UserType) =>
  ({ id: u.id, email: u.email, name: 'Test', fullName: 'Test', userType, emailVerified: true }) as unknown as SessionUser;

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  deps = testDeps();
  creator = await createUser(t.db, { fullName: 'Hana Home-Creator' });
  await t.db
    .insertInto('payout_accounts')
    .values({ creator_id: creator.id, stripe_account_id: 'acct_test_home', is_ready: true, updated_at: new Date() })
    .execute();
  await t.db
    .insertInto('ai_tools')
    .values({ id: 'home-tool', name: 'Home Tool' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

const paid = (title: string) =>
  createProduct(t.db, creator.id, { title, price: 19, pricing_model: 'one_time', content_delivery_type: 'text', content_text: 'X' });
const free = (title: string) => createProduct(t.db, creator.id, { title, price: 0, pricing_model: 'free', content_delivery_type: 'text', content_text: 'X' });

describe("a buyer's home", () => {
  it('holds their library, favorites, follows and reviews, and nobody else’s', async () => {
    const buyer = await createUser(t.db, { userType: 'buyer', fullName: 'Bo Buyer' });
    const stranger = await createUser(t.db, { userType: 'buyer' });
    const [bought, refunded, freebie, liked] = await Promise.all([paid('Bought pack'), paid('Refunded pack'), free('Free pack'), paid('Liked pack')]);
    await buyLocally(t.db, deps, buyer, bought.id);
    await refundOrder(t.db, deps, buyer.id, await buyLocally(t.db, deps, buyer, refunded.id));
    await t.db
      .insertInto('downloads')
      .values({ user_id: buyer.id, product_id: freebie.id, download_type: 'free', amount: 0, created_at: new Date() })
      .execute();
    await t.db.insertInto('favorites').values({ user_id: buyer.id, product_id: liked.id }).execute();
    await t.db.insertInto('ai_tool_follows').values({ user_id: buyer.id, tool_id: 'home-tool' }).execute();
    await t.db.insertInto('follows').values({ follower_id: buyer.id, following_id: creator.id }).execute();
    await t.db.insertInto('seller_reviews').values({ seller_id: creator.id, reviewer_id: buyer.id, rating: 4, review_text: 'Clear and useful.' }).execute();
    // The stranger's own activity never shows in the buyer's home.
    await t.db.insertInto('favorites').values({ user_id: stranger.id, product_id: bought.id }).execute();

    const home = await getBuyerHome(t.db, buyer.id);
    expect(home.library.total).toBe(3);
    expect(home.library.items.map((i) => [i.title, i.order?.status ?? 'free', i.hasAccess]).sort()).toEqual([
      ['Bought pack', 'paid', true],
      ['Free pack', 'free', true],
      ['Refunded pack', 'refunded', false],
    ]);
    expect(home.favorites).toMatchObject({ total: 1, items: [{ id: liked.id, title: 'Liked pack' }] });
    expect(home.followedTools).toEqual([{ toolId: 'home-tool', name: 'Home Tool', href: '/tools/home-tool' }]);
    expect(home.followedCreators).toEqual({ total: 1, items: [{ id: creator.id, fullName: 'Hana Home-Creator', avatarUrl: null, company: null }] });
    expect(home.sellerReviews).toMatchObject({
      total: 1,
      items: [{ sellerId: creator.id, sellerName: 'Hana Home-Creator', rating: 4, text: 'Clear and useful.' }],
    });

    const empty = await getBuyerHome(t.db, stranger.id);
    expect(empty.library.total).toBe(0);
    expect(empty.followedTools).toEqual([]);
    expect(empty.sellerReviews.total).toBe(0);

    // The creator deletes the free product: it was downloaded, so it is archived and stays in the library.
    expect(await deleteProduct(t.db, creator.id, freebie.id)).toEqual({ archived: true });
    const after = await getBuyerHome(t.db, buyer.id);
    expect(after.library.items.find((i) => i.productId === freebie.id)).toMatchObject({ title: 'Free pack', hasAccess: false });
    // A product nobody got is still deleted.
    const lonely = await free('Nobody got this');
    expect(await deleteProduct(t.db, creator.id, lonely.id)).toEqual({ archived: false });
  });

  it('shows at most five library items, with the total for the link to /library', async () => {
    const buyer = await createUser(t.db, { userType: 'buyer' });
    for (let i = 0; i < 7; i++) {
      const p = await free(`Free item ${i}`);
      await t.db.insertInto('downloads').values({ user_id: buyer.id, product_id: p.id, download_type: 'free', amount: 0, created_at: new Date() }).execute();
    }
    const home = await getBuyerHome(t.db, buyer.id);
    expect(home.library.items).toHaveLength(5);
    expect(home.library.total).toBe(7);
  });
});

describe("the profile's cards", () => {
  it('a buyer never sees Sales or Earnings; a creator keeps them; a buyer with products gets the seller view', async () => {
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const product = await paid('Cards pack');
    await buyLocally(t.db, deps, buyer, product.id);
    const home = await getBuyerHome(t.db, buyer.id);
    expect(isSellerView('buyer', 0)).toBe(false);
    expect(isSellerView('community', 0)).toBe(false);
    const cards = buyerCards(home);
    expect(cards.map((c) => c.label)).toEqual(['Library', 'Favorites', 'Following', 'Reviews written']);
    expect(JSON.stringify(cards)).not.toMatch(/Sales|Earnings|\$/);
    expect(cards[0]).toMatchObject({ value: '1', href: '/library' });

    // A product review: the dashboard and the profile count the same reviews written.
    const now = new Date();
    await t.db
      .insertInto('product_reviews')
      .values({ product_id: product.id, reviewer_id: buyer.id, rating: 5, review_text: 'Worth it.', created_at: now, updated_at: now })
      .execute();
    const written = buyerCards(await getBuyerHome(t.db, buyer.id)).find((c) => c.label === 'Reviews written')!;
    const dashboard = dashboardView(await getDashboardFigures(t.db, sessionOf(buyer, 'buyer'))).stats.find((s) => s.key === 'reviews')!;
    expect([written.value, dashboard.value]).toEqual(['1', '1']);
    expect(dashboard.label).toBe('Reviews written');

    expect(isSellerView('creator', 0)).toBe(true);
    expect(isSellerView('buyer', 2)).toBe(true);
    const seller = sellerCards({ followerCount: 3, reviewCount: 0, averageRating: 0 }, { sales: 1, earnings: 19 });
    expect(seller.map((c) => c.label)).toEqual(['Followers', 'Sales', 'Reviews', 'Earnings']);
    expect(seller[3]!.value).toBe('$19.00');
  });
});

describe("the dashboard's primary action", () => {
  it.each([
    ['creator', 'Create product', '/products?new=1'],
    ['buyer', 'Browse the marketplace', '/marketplace'],
    ['community', 'Start a discussion', '/community/new'],
  ] as const)('for a %s is %s', async (userType, label, href) => {
    const user = await createUser(t.db, { userType });
    const view = dashboardView(await getDashboardFigures(t.db, sessionOf(user, userType)));
    expect(view.primaryAction).toEqual({ label, href });
    expect(view.primaryAction.label).not.toMatch(/sign out/i);
    expect(view.secondaryAction.label).not.toMatch(/sign out/i);
  });
});
