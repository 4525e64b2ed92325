/**
 * Affiliates (issue 31, docs/decisions/081).
 * - A creator turns affiliates on per product with a percent (1-75) of their net, or off (null).
 * - Any signed-in user with a verified email, except the product's creator, gets one link per
 *   product (made once: asking again returns it) with a short code: /a/{code} redirects to
 *   /product/{id}?ref={code}.
 * - The product page's visit beacon sends the ref: a real link of this product, whose product
 *   offers affiliates and whose owner is not its creator, counts a click and sets the cookie
 *   `toolmint_ref` (30 days, last click wins); anything else is refused with a clear message
 *   (AFFILIATE_LINK_INVALID) and sets nothing.
 * - A checkout reads the cookie and checks it again (still on, not the buyer's own link, not the
 *   creator's): the link, the affiliate, the percent and the commission (src/shared/affiliates.ts,
 *   floor of the net × percent) are locked into the order. The ledger entries are written with
 *   the sale and reversed with the refund (ledger.service.ts recordCommission, reverseCommission).
 * - /affiliates and GET /api/me/affiliates: the caller's links with clicks, paid sales and
 *   earnings (their ledger entries), and their balance, paid out by the payout request.
 */
import type { Db } from '@/db/database';
import type { Order } from '@/db/schema';
import type { SessionUser } from '@/src/shared/session';
import { commissionSplit, newAffiliateCode, normaliseRef, type AffiliatesOverview } from '@/src/shared/affiliates';
import { isUuid } from '@/src/shared/ids';
import { AppError } from '../_shared/errors';
import { countClick, findAffiliateProduct, findLinkByCode, insertAffiliateLink, listLinksOfUser, updateAffiliatePercent } from './affiliates.repository';
import { getBalance } from './ledger.service';
import { afterCommit, jobsReady } from '../jobs';
import { recordPageChange } from '../rebuilds/rebuilds.service';
import { productPath } from '../rebuilds/affected-pages';

/**
 * PUT /api/studio/products/{id}/affiliates: another creator's product is a 404. A published
 * product's page shows 'Get affiliate link' from its percent, so its page is rebuilt.
 */
export async function setAffiliatePercent(db: Db, creatorId: string, productId: string, percent: number | null) {
  if (!isUuid(productId)) throw new AppError('PRODUCT_NOT_FOUND');
  await jobsReady(db);
  const result = await db.transaction().execute(async (trx) => {
    const row = await updateAffiliatePercent(trx, creatorId, productId, percent);
    if (!row) return null;
    const pages = row.status === 'published' ? await recordPageChange(trx, { reason: 'updated', productId: row.id, paths: [productPath(row.id)] }) : null;
    return { row, pages };
  });
  if (!result) throw new AppError('PRODUCT_NOT_FOUND');
  if (result.pages) afterCommit(db, [result.pages]);
  return { productId: result.row.id, affiliatePercent: result.row.affiliate_percent };
}

/** The percent a published product offers affiliates (its page's button), or null. */
export async function getAffiliatePercent(db: Db, productId: string): Promise<number | null> {
  return (await findAffiliateProduct(db, productId))?.affiliate_percent ?? null;
}

/** The path an affiliate shares. */
function affiliatePath(code: string): string {
  return `/a/${code}`;
}

/** POST /api/products/{id}/affiliate-link: the caller's link to a product that offers affiliates (made once). */
export async function getAffiliateLink(db: Db, user: SessionUser, productId: string, siteUrl: string) {
  const product = isUuid(productId) ? await findAffiliateProduct(db, productId) : undefined;
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  if (product.creator_id === user.id) throw new AppError('AFFILIATE_SELF_REFERRAL');
  if (product.affiliate_percent === null) throw new AppError('AFFILIATES_OFF');
  let link;
  for (let attempt = 0; !link; attempt++) {
    try {
      link = await insertAffiliateLink(db, { code: newAffiliateCode(), productId: product.id, userId: user.id });
    } catch (error) {
      // Another link took the random code (one in 32^8): draw again, a few times at most.
      if (attempt >= 2) throw error;
    }
  }
  return { code: link.code, productId: product.id, percent: product.affiliate_percent, url: new URL(affiliatePath(link.code), siteUrl).toString() };
}

/** A link that may be credited for `productId`, or null (unknown, another product's, off, the creator's own). */
async function creditableLink(db: Db, productId: string, ref: string) {
  const link = await findLinkByCode(db, ref);
  if (!link || link.product_id !== productId || link.status !== 'published' || link.affiliate_percent === null) return null;
  if (link.user_id === link.creator_id) return null;
  return link;
}

/** /a/{code}: the product the link leads to, or null (an unknown code: the 404 page). */
export async function findLinkTarget(db: Db, code: string): Promise<{ productId: string; code: string } | null> {
  const ref = normaliseRef(code);
  if (!ref) return null;
  const link = await findLinkByCode(db, ref);
  return link && link.status === 'published' ? { productId: link.product_id, code: link.code } : null;
}

/** The visit beacon's ref: a click counted and the code to keep in the cookie; a forged or dead ref is refused. */
export async function recordClick(db: Db, productId: string, ref: string): Promise<string> {
  const code = normaliseRef(ref);
  const link = code ? await creditableLink(db, productId, code) : null;
  if (!link) throw new AppError('AFFILIATE_LINK_INVALID');
  await countClick(db, link.id);
  return link.code;
}

interface Attribution {
  linkId: string;
  code: string;
  userId: string;
  percent: number;
}

/** At checkout: the ref cookie checked again; null when nobody is credited (no ref, off, the buyer's own link). */
export async function attributionFor(db: Db, buyerId: string, productId: string, ref: string | null): Promise<Attribution | null> {
  if (!ref) return null;
  const link = await creditableLink(db, productId, ref);
  if (!link || link.affiliate_percent === null || link.user_id === buyerId) return null;
  return { linkId: link.id, code: link.code, userId: link.user_id, percent: link.affiliate_percent };
}

/** What the order records for an attribution: the commission locked in with the amount and the fee. */
export function orderAffiliate(attribution: Attribution | null, amountCents: number, feeCents: number) {
  if (!attribution) return null;
  return { ...attribution, commissionCents: commissionSplit(amountCents, feeCents, attribution.percent).commissionCents };
}

/**
 * A subscription's renewal credits the affiliate of its first order again (docs/decisions/083):
 * the percent locked in then, of this payment's net. Null when the first order credited nobody.
 */
export function renewalAffiliate(
  first: Pick<Order, 'affiliate_link_id' | 'affiliate_user_id' | 'affiliate_percent'> | undefined,
  amountCents: number,
  feeCents: number,
) {
  if (!first?.affiliate_user_id || first.affiliate_percent === null) return null;
  const { commissionCents } = commissionSplit(amountCents, feeCents, first.affiliate_percent);
  if (commissionCents <= 0) return null;
  return { linkId: first.affiliate_link_id, userId: first.affiliate_user_id, percent: first.affiliate_percent, commissionCents };
}

/** GET /api/me/affiliates: only the caller's own links and figures. */
export async function getAffiliatesOverview(db: Db, userId: string, siteUrl: string): Promise<AffiliatesOverview> {
  const [rows, balance] = await Promise.all([listLinksOfUser(db, userId), getBalance(db, userId)]);
  return {
    links: rows.map((r) => ({
      code: r.code,
      productId: r.product_id,
      productTitle: r.title,
      percent: r.affiliate_percent,
      url: new URL(affiliatePath(r.code), siteUrl).toString(),
      clicks: r.clicks,
      sales: Number(r.sales),
      earningsCents: Number(r.earnings),
      createdAt: new Date(r.created_at).toISOString(),
    })),
    balanceCents: balance.balanceCents,
    availableCents: balance.availableCents,
    heldCents: balance.heldCents,
  };
}
