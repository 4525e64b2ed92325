/**
 * The creator studio's rules: the dashboard's figures per user type and the facts behind
 * its Getting Started checklist, followers, sales (paid orders, functions/payments),
 * earnings (each order's amount less the platform fee fixed when it was bought: the spec's
 * 0.85 share as PLATFORM_FEE_BPS; refunds subtracted), payout requests, reviews, and
 * views/downloads/conversion per product over the last 30 days. Sums are integer cents,
 * turned into dollars only at the edge.
 * Called by the on-demand pages (/dashboard, /followers, /sales, /earnings, /reviews) and
 * src/pages/api/studio/*, always with the signed-in user: nobody reads another's figures.
 *
 * Analytics are computed from product_interactions and downloads instead of being copied
 * into seller_analytics (docs/decisions/007).
 */
import type { Db } from '@/db/database';
import type { SessionUser } from '@/src/shared/session';
import { centsToDecimal, formatOrderNumber } from '@/src/shared/payments';
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
  insertPayoutRequest,
  listFollowers,
  listPayouts,
  listSales,
  productAnalytics,
  salesTotals,
} from './studio.repository';
import { listSellerReviews, summarizeSellerReviews } from '../reviews/reviews.service';
import { communityFigures, type Reputation } from '../community-qa/reputation.service';

/** Spec section 9: the creator keeps 0.85; the platform's 15% is PLATFORM_FEE_BPS (default 1500). */
export const CREATOR_SHARE = 0.85;
/** Spec section 9: analytics 30. */
export const ANALYTICS_DAYS = 30;
/** /reviews lists at most this many reviews. */
const STUDIO_REVIEWS_LISTED = 100;
const DAY = 24 * 60 * 60 * 1000;

/** Dollars from integer cents, for the edges (pages and JSON); sums stay in cents. */
const dollars = (cents: number) => cents / 100;

/** A creator's lifetime sales and net earnings (the profile's stat cards). */
export async function getSalesSummary(db: Db, userId: string): Promise<{ sales: number; earnings: number }> {
  const totals = await salesTotals(db, userId);
  return { sales: totals.sales, earnings: dollars(totals.grossCents - totals.feeCents) };
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
    const [products, sales, followers, recent] = await Promise.all([
      countProducts(db, user.id),
      salesTotals(db, user.id),
      countFollowers(db, user.id),
      salesTotals(db, user.id, new Date(Date.now() - ANALYTICS_DAYS * DAY)),
    ]);
    return {
      userType: 'creator',
      facts,
      earnings: dollars(sales.grossCents - sales.feeCents),
      recentEarnings: dollars(recent.grossCents - recent.feeCents),
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
  views: number;
  downloads: number;
  sales: number;
  revenue: number;
  /** Downloads per view over the period, null without views. */
  conversion: number | null;
}

export async function getSales(db: Db, user: SessionUser) {
  const since = new Date(Date.now() - ANALYTICS_DAYS * DAY);
  const [all, recent, daily, products, sales] = await Promise.all([
    salesTotals(db, user.id),
    salesTotals(db, user.id, since),
    dailyAnalytics(db, user.id, ANALYTICS_DAYS),
    productAnalytics(db, user.id, ANALYTICS_DAYS),
    listSales(db, user.id, 25),
  ]);
  const views = daily.reduce((sum, d) => sum + d.views, 0);
  const downloads = daily.reduce((sum, d) => sum + d.downloads, 0);
  return {
    totals: { sales: all.sales, gross: dollars(all.grossCents), net: dollars(all.grossCents - all.feeCents) },
    last30: { sales: recent.sales, gross: dollars(recent.grossCents), views, downloads, conversion: views ? downloads / views : null },
    daily,
    products: products.map((p): ProductPerformance => ({ ...p, conversion: p.views ? p.downloads / p.views : null })),
    recent: sales.map((s) => ({
      id: s.id,
      orderNumber: formatOrderNumber(s.number),
      date: new Date(s.created_at ?? Date.now()).toISOString(),
      productId: s.product_id,
      productTitle: s.product_title,
      buyerName: s.buyer_name?.trim() || 'A buyer',
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
      feeCents: s.fee_cents,
      netCents: s.amount_cents - s.fee_cents,
      paidAt: new Date(s.created_at ?? Date.now()).toISOString(),
      refundedAt: s.refunded_at ? new Date(s.refunded_at).toISOString() : null,
    })),
    nextCursor: page.nextCursor,
  };
}

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

/**
 * The earnings ledger: every paid or refunded order with its fee and net. A sale in a payout
 * request is 'processing' until that payout is paid ('paid'); a sale in no payout (or in a
 * cancelled one) is 'pending' and makes up the available balance; a refunded sale counts for
 * nothing. Sums are in cents.
 */
export async function getEarnings(db: Db, user: SessionUser) {
  const [sales, payouts] = await Promise.all([listSales(db, user.id), listPayouts(db, user.id)]);
  const rows: EarningRow[] = sales.map((s) => {
    const net = s.amount_cents - s.fee_cents;
    const status: EarningStatus =
      s.status === 'refunded'
        ? 'refunded'
        : !s.payout_status || s.payout_status === 'cancelled'
          ? 'pending'
          : s.payout_status === 'paid'
            ? 'paid'
            : 'processing';
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
  const sum = (list: EarningRow[]) => dollars(list.reduce((t, r) => t + r.netCents, 0));
  const counted = rows.filter((r) => r.status !== 'refunded');
  const now = new Date();
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return {
    total: sum(counted),
    available: sum(rows.filter((r) => r.status === 'pending')),
    processing: sum(rows.filter((r) => r.status === 'processing')),
    paid: sum(rows.filter((r) => r.status === 'paid')),
    thisMonth: sum(counted.filter((r) => new Date(r.date).getTime() >= monthStart)),
    refunded: sum(rows.filter((r) => r.status === 'refunded')),
    rows,
    payouts: payouts.map((p) => ({
      id: p.id,
      amount: Number(p.amount),
      status: p.status,
      requestedAt: new Date(p.requested_at).toISOString(),
      paidAt: p.paid_at ? new Date(p.paid_at).toISOString() : null,
    })),
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

/** 'Request Payout': records a request for the available balance; refused without one. */
export async function requestPayout(db: Db, user: SessionUser) {
  const payout = await insertPayoutRequest(db, user.id);
  if (!payout) throw new AppError('NO_PAYOUT_BALANCE');
  return { id: payout.id, amount: Number(payout.amount), status: payout.status, requestedAt: new Date(payout.requested_at).toISOString() };
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
