/**
 * Affiliates (issue 31, docs/decisions/081): the pure rules, shared by the products' setting,
 * the visit beacon, the checkout and the ledger (functions/payments/affiliates.*).
 * - A creator offers affiliates 1-75 % of their net (the amount less the platform fee).
 * - The commission is floor(net × percent / 100) in integer cents: rounding never takes a cent
 *   more from the creator than the percent says; the creator keeps net - commission.
 * - A link's code: 8 lower-case letters and digits; the ref of /product/{id}?ref={code} and of
 *   the first-party cookie `toolmint_ref` (30 days, last click wins).
 */
import * as z from 'zod/mini';

export const MIN_AFFILIATE_PERCENT = 1;
export const MAX_AFFILIATE_PERCENT = 75;
export const REF_COOKIE = 'toolmint_ref';
export const REF_COOKIE_DAYS = 30;
const CODE_LENGTH = 8;
const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const CODE_PATTERN = /^[a-z0-9]{6,16}$/;

/** The creator's setting: a whole percent from 1 to 75, or null (off). */
export const AffiliatePercentSchema = z.nullable(
  z
    .int('The commission is a whole percent')
    .check(
      z.gte(MIN_AFFILIATE_PERCENT, `The commission is at least ${MIN_AFFILIATE_PERCENT}%`),
      z.lte(MAX_AFFILIATE_PERCENT, `The commission is at most ${MAX_AFFILIATE_PERCENT}%`),
    ),
);

export function isAffiliatePercent(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MIN_AFFILIATE_PERCENT && (value as number) <= MAX_AFFILIATE_PERCENT;
}

export interface CommissionSplit {
  /** What the buyer paid before tax. */
  amountCents: number;
  feeCents: number;
  /** The creator's net before the commission: amount - fee. */
  netCents: number;
  commissionCents: number;
  /** What the creator keeps: net - commission. */
  creatorCents: number;
}

/** The split of a sale of `amountCents` with `feeCents` taken by the platform and `percent` for the affiliate (null: none). */
export function commissionSplit(amountCents: number, feeCents: number, percent: number | null): CommissionSplit {
  if (!Number.isInteger(amountCents) || !Number.isInteger(feeCents) || amountCents < 0 || feeCents < 0 || feeCents > amountCents)
    throw new RangeError('Amounts are whole cents, the fee at most the amount');
  if (percent !== null && !isAffiliatePercent(percent))
    throw new RangeError(`The commission is a whole percent from ${MIN_AFFILIATE_PERCENT} to ${MAX_AFFILIATE_PERCENT}`);
  const net = amountCents - feeCents;
  const commission = percent === null ? 0 : Math.floor((net * percent) / 100);
  return { amountCents, feeCents, netCents: net, commissionCents: commission, creatorCents: net - commission };
}

/** A new link code (random, 8 characters without look-alikes). */
export function newAffiliateCode(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  return Array.from(random(CODE_LENGTH), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** A ref as the server accepts it: lower-cased, or null when it cannot be a code. */
export function normaliseRef(value: string | null | undefined): string | null {
  const text = value?.trim().toLowerCase();
  return text && CODE_PATTERN.test(text) ? text : null;
}

/** The ref cookie of a request's cookie header (a browser can write anything there, so it is checked again). */
export function refFromCookieHeader(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === REF_COOKIE) return normaliseRef(rest.join('='));
  }
  return null;
}

/** The Set-Cookie value that keeps `code` for later checkouts (last click wins). */
export function refCookie(code: string, secure: boolean): string {
  return `${REF_COOKIE}=${code}; Path=/; Max-Age=${REF_COOKIE_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** An affiliate's link as its page and the API show it. */
const AffiliateLinkViewSchema = z.object({
  code: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  /** The product's current percent; null: its creator turned affiliates off (earlier sales still count). */
  percent: z.nullable(z.int()),
  url: z.string(),
  clicks: z.int(),
  sales: z.int(),
  /** Commissions of paid orders less those taken back by refunds, in cents. */
  earningsCents: z.int(),
  createdAt: z.string(),
});

export const AffiliatesOverviewSchema = z.object({
  links: z.array(AffiliateLinkViewSchema),
  /** The affiliate's balance from the ledger (every entry of theirs, creator sales included). */
  balanceCents: z.int(),
  availableCents: z.int(),
  heldCents: z.int(),
});
export type AffiliatesOverview = z.infer<typeof AffiliatesOverviewSchema>;
