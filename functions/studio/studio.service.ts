/**
 * The creator studio's rules: the dashboard's figures per user type and the facts behind
 * its Getting Started checklist, followers, sales (paid orders, functions/payments),
 * earnings (the creator's ledger, functions/payments/ledger.service.ts: each sale's net less
 * refunds, payouts and adjustments; docs/decisions/048), payout requests, reviews, and
 * views, unique visitors, downloads and conversion per product over the last 30 days
 * (conversion: paid orders, or a free product's downloaders, per unique visitor of the
 * product page; src/shared/conversion.ts). Sums are integer cents,
 * turned into dollars only at the edge.
 * Called by the on-demand pages (/dashboard, /followers, /sales, /earnings, /reviews) and
 * src/pages/api/studio/*, always with the signed-in user: nobody reads another's figures.
 *
 * Analytics are computed from product_interactions and downloads instead of being copied
 * into seller_analytics (docs/decisions/007).
 */
import type { Db } from '@/db/database';
import type { SessionUser } from '@/src/shared/session';
import { centsToDecimal, formatOrderNumber, purchaseKind } from '@/src/shared/payments';
import { conversionRate, conversions, totalConversion } from '@/src/shared/conversion';
import { toCsv } from '@/src/shared/studio-format';
import type { SaleItem } from '@/src/shared/sales';
import { decodeCursor, pageOf } from '@/functions/_shared/cursor';
import { positionOf, TimeKeysetSchema } from '@/functions/_shared/keyset.repository';
import { AppError } from '../_shared/errors';
import {
  buyerCounts,
  checklistFacts,
  countConnections,
  countFollowers,
  countFollowing,
  countProducts,
  dailyAnalytics,
  findCreatorCard,
  listFollowers,
  listSales,
  productAnalytics,
  salesTotals,
} from './studio.repository';
import { listSellerReviews, summarizeSellerReviews } from '../reviews/reviews.service';
import { getBalance, getEarned, getLedgerEntries, getPayoutTotals, listPayouts, requestPayoutFor } from '../payments/ledger.service';
import { MIN_PAYOUT_CENTS } from '@/src/shared/ledger';
import { getPaymentProvider, type PaymentProvider } from '../payments/provider';
import type { LedgerEntryKind } from '@/src/shared/domain';
import { communityFigures, type Reputation } from '../community-qa/reputation.service';

/** Spec section 9: analytics 30. */
export const ANALYTICS_DAYS = 30;
/** /sales lists at most this many products (the totals count them all). */
const PRODUCTS_LISTED = 200;
/** /reviews lists at most this many reviews. */
const STUDIO_REVIEWS_LISTED = 100;
const DAY = 24 * 60 * 60 * 1000;

/** Dollars from integer cents, for the edges (pages and JSON); sums stay in cents. */
const dollars = (cents: number) => cents / 100;

/** A creator's lifetime sales and net earnings (the profile's stat cards). */
export async function getSalesSummary(db: Db, userId: string): Promise<{ sales: number; earnings: number }> {
  const [totals, earned] = await Promise.all([salesTotals(db, userId), getEarned(db, userId)]);
  return { sales: totals.sales, earnings: dollars(earned) };
}

/** What the Getting Started checklist is computed from. */
export type ChecklistFacts = Awaited<ReturnType<typeof checklistFacts>>;

/**
 * The dashboard's figures per user type; src/components/dashboard/dashboard-view.ts turns
 * them into the cards, quick actions and checklist a person reads.
 */
export type DashboardFigures =
  | {
      userType: 'creator';
      facts: ChecklistFacts;
      earnings: number;
      recentEarnings: number;
      products: number;
      publishedProducts: number;
      sales: number;
      recentSales: number;
      followers: number;
    }
  | {
      userType: 'buyer';
      facts: ChecklistFacts;
      downloads: number;
      paidDownloads: number;
      favorites: number;
      followingPeople: number;
      followingTools: number;
      reviews: number;
    }
  | {
      userType: 'community';
      facts: ChecklistFacts;
      connections: number;
      followingTools: number;
      /** Threads and replies written (not deleted), and the discussions taken part in (docs/decisions/036). */
      threads: number;
      replies: number;
      discussions: number;
      reputation: Reputation;
    };

export async function getDashboardFigures(db: Db, user: SessionUser): Promise<DashboardFigures> {
  const facts = await checklistFacts(db, user.id);
  if (user.userType === 'creator') {
    const since = new Date(Date.now() - ANALYTICS_DAYS * DAY);
    const [products, sales, followers, recent, earned, recentEarned] = await Promise.all([
      countProducts(db, user.id),
      salesTotals(db, user.id),
      countFollowers(db, user.id),
      salesTotals(db, user.id, since),
      getEarned(db, user.id),
      getEarned(db, user.id, since),
    ]);
    return {
      userType: 'creator',
      facts,
      earnings: dollars(earned),
      recentEarnings: dollars(recentEarned),
      products: products.total,
      publishedProducts: products.published,
      sales: sales.sales,
      recentSales: recent.sales,
      followers,
    };
  }
  const [counts, following] = await Promise.all([buyerCounts(db, user.id), countFollowing(db, user.id)]);
  if (user.userType === 'buyer') {
    return {
      userType: 'buyer',
      facts,
      downloads: counts.downloads,
      paidDownloads: counts.paid,
      favorites: counts.favorites,
      followingPeople: following.people,
      followingTools: following.tools,
      reviews: counts.reviews,
    };
  }
  const [connections, community] = await Promise.all([countConnections(db, user.id), communityFigures(db, user.id)]);
  return {
    userType: 'community',
    facts,
    connections,
    followingTools: following.tools,
    threads: community.threads,
    replies: community.replies,
    discussions: community.discussions,
    reputation: community.reputation,
  };
}

export async function getFollowers(db: Db, user: SessionUser) {
  const [rows, total, recent] = await Promise.all([
    listFollowers(db, user.id),
    countFollowers(db, user.id),
    countFollowers(db, user.id, new Date(Date.now() - ANALYTICS_DAYS * DAY)),
  ]);
  return {
    total,
    newLast30Days: recent,
    followers: rows.map((r) => ({
      id: r.id,
      handle: r.handle,
      fullName: r.full_name?.trim() || 'Member',
      avatarUrl: r.avatar_url,
      userType: r.user_type,
      verified: r.verified,
      company: r.company,
      followerCount: r.follower_count,
      followedAt: new Date(r.followed_at).toISOString(),
      followsBack: Boolean(r.follows_back),
    })),
  };
}

export interface ProductPerformance {
  id: string;
  title: string;
  status: string;
  price: number;
  pricingModel: string;
  /** Pay what you want: `price` is the minimum (docs/decisions/077). */
  payWhatYouWant: boolean;
  /** Counted views: once per visitor per day. */
  views: number;
  /** Unique visitors of the product page over the period. */
  visitors: number;
  downloads: number;
  /** Paid orders (renewals included) and their revenue. */
  sales: number;
  revenue: number;
  /** What converted: paid checkout orders, or for a free product the people who downloaded it. */
  converted: number;
  /** converted / visitors over the period, null without visitors. */
  conversion: number | null;
}

export async function getSales(db: Db, user: SessionUser) {
  const since = new Date(Date.now() - ANALYTICS_DAYS * DAY);
  const [all, recent, daily, products, sales, earned] = await Promise.all([
    salesTotals(db, user.id),
    salesTotals(db, user.id, since),
    dailyAnalytics(db, user.id, ANALYTICS_DAYS),
    productAnalytics(db, user.id, ANALYTICS_DAYS),
    listSales(db, user.id, 25),
    getEarned(db, user.id),
  ]);
  const views = daily.reduce((sum, d) => sum + d.views, 0);
  const downloads = daily.reduce((sum, d) => sum + d.downloads, 0);
  const facts = products.map((p) => ({
    ...p,
    isPaid: purchaseKind(p) !== null,
    paidOrders: p.checkouts,
  }));
  const total = totalConversion(facts);
  return {
    // Net from the ledger (sales less refunds); counts and gross from the orders.
    totals: { sales: all.sales, gross: dollars(all.grossCents), net: dollars(earned) },
    last30: {
      sales: recent.sales,
      gross: dollars(recent.grossCents),
      views,
      downloads,
      visitors: total.visitors,
      converted: total.converted,
      conversion: total.rate,
    },
    daily,
    products: facts.slice(0, PRODUCTS_LISTED).map((p): ProductPerformance => ({
      id: p.id,
      title: p.title,
      status: p.status,
      price: Number(p.price),
      pricingModel: p.pricingModel,
      payWhatYouWant: p.payWhatYouWant,
      views: p.views,
      visitors: p.visitors,
      downloads: p.downloads,
      sales: p.sales,
      revenue: dollars(p.revenueCents),
      converted: conversions(p),
      conversion: conversionRate(conversions(p), p.visitors),
    })),
    recent: sales.map((s) => ({
      id: s.id,
      orderNumber: formatOrderNumber(s.number),
      date: new Date(s.created_at ?? Date.now()).toISOString(),
      productId: s.product_id,
      productTitle: s.product_title,
      buyerName: s.buyer_name?.trim() || 'A buyer',
      kind: s.kind,
      amountCents: s.amount_cents,
      discountCode: s.discount_code,
      discountCents: s.discount_cents,
      amount: dollars(s.amount_cents),
      fee: dollars(s.fee_cents),
      net: dollars(s.amount_cents - s.fee_cents),
      status: s.status === 'refunded' ? ('refunded' as const) : ('completed' as const),
    })),
  };
}

/**
 * GET /api/me/sales: one page of the creator's sales, newest first. `limit` (default 50, at
 * most 100) and `cursor` (the previous page's nextCursor) come from the query string; a
 * malformed one is a 400, never a silent first page. Pages follow each other on
 * (paid_at, id), so a sale is on exactly one page however many there are.
 */
export async function getSalesPage(
  db: Db,
  user: SessionUser,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
): Promise<{ items: SaleItem[]; nextCursor: string | null }> {
  const rows = await listSales(db, user.id, limit + 1, decodeCursor(cursor, TimeKeysetSchema));
  const page = pageOf(rows, limit, positionOf);
  return {
    items: page.items.map((s): SaleItem => ({
      id: s.id,
      orderNumber: formatOrderNumber(s.number),
      productId: s.product_id,
      productTitle: s.product_title,
      buyerName: s.buyer_name?.trim() || 'A buyer',
      kind: s.kind,
      status: s.status === 'refunded' ? 'refunded' : 'completed',
      currency: s.currency,
      amountCents: s.amount_cents,
      discountCode: s.discount_code,
      discountCents: s.discount_cents,
      feeCents: s.fee_cents,
      netCents: s.amount_cents - s.fee_cents,
      paidAt: new Date(s.created_at ?? Date.now()).toISOString(),
      refundedAt: s.refunded_at ? new Date(s.refunded_at).toISOString() : null,
    })),
    nextCursor: page.nextCursor,
  };
}

/** A sale's line on /earnings and in the CSV: refunded, paid out, in an open payout, or neither yet. */
export type EarningStatus = 'paid' | 'pending' | 'processing' | 'refunded';

export interface EarningRow {
  id: string;
  date: string;
  productId: string;
  productTitle: string;
  type: 'product_sale' | 'subscription';
  gross: number;
  fee: number;
  net: number;
  grossCents: number;
  feeCents: number;
  netCents: number;
  status: EarningStatus;
}

/** One entry of the creator's ledger as /earnings lists it. */
export interface EarningsEntry {
  id: string;
  kind: LedgerEntryKind;
  date: string;
  /** What it refers to: the product sold or refunded, or the reason of an adjustment. */
  productId: string | null;
  productTitle: string | null;
  reason: string | null;
  amountCents: number;
  /** When a sale can be paid out; null once it is (and for every other kind). */
  availableAt: string | null;
}

/**
 * /earnings: the balance, what is available and held, and what was earned, all sums of the
 * creator's ledger (docs/decisions/048); the ledger's latest entries; the payouts; and one line
 * per sale with its status (a sale in a requested or processing payout is 'processing', in a
 * paid one 'paid', otherwise 'pending'; a refunded sale counts for nothing). Sums are in cents,
 * turned into dollars for the page.
 */
export async function getEarnings(db: Db, user: SessionUser, now = new Date()) {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [sales, payouts, balance, thisMonth, entries, totals] = await Promise.all([
    listSales(db, user.id),
    listPayouts(db, user.id),
    getBalance(db, user.id, now),
    getEarned(db, user.id, monthStart),
    getLedgerEntries(db, user.id),
    getPayoutTotals(db, user.id),
  ]);
  const rows: EarningRow[] = sales.map((s) => {
    const net = s.amount_cents - s.fee_cents;
    const status: EarningStatus =
      s.status === 'refunded'
        ? 'refunded'
        : s.payout_status === 'paid'
          ? 'paid'
          : s.payout_status === 'requested' || s.payout_status === 'processing'
            ? 'processing'
            : 'pending';
    return {
      id: s.id,
      date: new Date(s.created_at ?? Date.now()).toISOString(),
      productId: s.product_id,
      productTitle: s.product_title,
      type: s.kind === 'subscription' ? 'subscription' : 'product_sale',
      gross: dollars(s.amount_cents),
      fee: dollars(s.fee_cents),
      net: dollars(net),
      grossCents: s.amount_cents,
      feeCents: s.fee_cents,
      netCents: net,
      status,
    };
  });
  const refundedCents = rows.filter((r) => r.status === 'refunded').reduce((t, r) => t + r.netCents, 0);
  const openPayout = payouts.find((p) => p.status === 'requested' || p.status === 'processing') ?? null;
  return {
    total: dollars(balance.earnedCents),
    balance: dollars(balance.balanceCents),
    balanceCents: balance.balanceCents,
    available: dollars(balance.availableCents),
    availableCents: balance.availableCents,
    held: dollars(balance.heldCents),
    processing: dollars(totals.openCents),
    paid: dollars(totals.paidCents),
    thisMonth: dollars(thisMonth),
    refunded: dollars(refundedCents),
    minimumPayoutCents: MIN_PAYOUT_CENTS,
    /** Whether 'Request Payout' can succeed now: enough available and no payout on its way. */
    canRequestPayout: !openPayout && balance.availableCents >= MIN_PAYOUT_CENTS,
    openPayout,
    rows,
    entries: entries.map((e): EarningsEntry => {
      const availableAt = new Date(e.available_at);
      return {
        id: e.id,
        kind: e.kind,
        date: new Date(e.created_at).toISOString(),
        productId: e.product_id,
        productTitle: e.product_title,
        reason: e.reason,
        amountCents: e.amount_cents,
        availableAt: e.kind === 'sale' && availableAt.getTime() > now.getTime() ? availableAt.toISOString() : null,
      };
    }),
    payouts,
  };
}

/**
 * 'Export Report': the earnings ledger as CSV, amounts exact to the cent. A refunded sale is
 * its sale line plus a 'refund' line of the opposite amounts, so each column sums to the totals.
 */
export async function exportEarningsCsv(db: Db, user: SessionUser): Promise<string> {
  const earnings = await getEarnings(db, user);
  const lines: string[][] = [['Date', 'Product', 'Type', 'Gross (USD)', 'Platform fee (USD)', 'Net (USD)', 'Status']];
  for (const r of earnings.rows) {
    lines.push([r.date.slice(0, 10), r.productTitle, r.type, centsToDecimal(r.grossCents), centsToDecimal(r.feeCents), centsToDecimal(r.netCents), r.status]);
    if (r.status === 'refunded')
      lines.push([
        r.date.slice(0, 10),
        r.productTitle,
        'refund',
        centsToDecimal(-r.grossCents),
        centsToDecimal(-r.feeCents),
        centsToDecimal(-r.netCents),
        'refunded',
      ]);
  }
  return toCsv(lines);
}

/**
 * 'Request Payout': a payout of the available balance (functions/payments/ledger.service.ts).
 * With Stripe Connect there is none to request: Stripe pays the connected account (404).
 */
export async function requestPayout(db: Db, user: SessionUser, provider: Pick<PaymentProvider, 'requiresPayoutAccount'> = getPaymentProvider()) {
  if (provider.requiresPayoutAccount) throw new AppError('NOT_FOUND', 'With Stripe, payouts are sent to your connected account by Stripe');
  return requestPayoutFor(db, user.id);
}

/** /reviews: the reviews domain's summary and latest reviews of the signed-in seller. */
export async function getReviews(db: Db, user: SessionUser) {
  const [summary, reviews] = await Promise.all([summarizeSellerReviews(db, user.id), listSellerReviews(db, user.id, STUDIO_REVIEWS_LISTED)]);
  return {
    ...summary,
    reviews: reviews.map((r) => ({
      id: r.id,
      rating: r.rating,
      text: r.text,
      date: r.createdAt,
      reviewerId: r.reviewer.id,
      reviewerName: r.reviewer.fullName,
      reviewerAvatar: r.reviewer.avatarUrl,
      // The studio says 'Verified purchase' for the profile's 'Verified download': the same rule.
      verifiedPurchase: r.verifiedDownload,
    })),
  };
}

/** The creator card and review summary the /products preview shows (Creator and Reviews tabs). */
export async function getStudioContext(db: Db, user: SessionUser) {
  const [profile, reviews] = await Promise.all([findCreatorCard(db, user.id), getReviews(db, user)]);
  return {
    creator: {
      id: user.id,
      fullName: profile?.full_name?.trim() || user.fullName || user.name || 'Creator',
      company: profile?.company ?? user.company,
      avatarUrl: profile?.avatar_url ?? null,
      bio: profile?.bio ?? null,
      verified: profile?.verified ?? false,
      followerCount: profile?.follower_count ?? 0,
    },
    reviews: {
      average: reviews.average,
      total: reviews.total,
      latest: reviews.reviews
        .slice(0, 3)
        .map((r) => ({ id: r.id, rating: r.rating, text: r.text, reviewerName: r.reviewerName, date: r.date, verifiedPurchase: r.verifiedPurchase })),
    },
  };
}
