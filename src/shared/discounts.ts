/**
 * Discount codes, isomorphic part (issue 31, docs/decisions/075): the arithmetic the checkout
 * charges with, why a code is refused, the input schemas the API and /sales/discounts share,
 * and the shapes the API answers with.
 *
 * The arithmetic, in integer cents:
 * - percent: the discount is list x percent / 100, rounded to the nearest cent, a half cent up
 *   (in the buyer's favour); fixed: the amount, at most the list price;
 * - the price after the discount never goes below the code's minimum price, nor below 0; a
 *   minimum above the list price leaves the list price (a code never raises a price);
 * - one code per checkout: codes do not stack.
 */
import './zod-browser';
import * as z from 'zod/mini';
import { DISCOUNT_KINDS, type DiscountKind } from './domain';
import type { ErrorCode } from './error-codes';
import { formatCents } from './payments';
import { safeText } from './text';

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;
/** The largest amount a code may take off or keep as a minimum: $100,000. */
const DISCOUNT_CENTS_MAX = 10_000_000;
const DISCOUNT_MAX_USES = 1_000_000;
/** Products one code may list. */
const DISCOUNT_PRODUCTS_MAX = 100;
/** Codes per creator (a list that fits one page). */
export const MAX_DISCOUNT_CODES = 200;

export interface DiscountTerms {
  kind: DiscountKind;
  percentOff: number | null;
  amountOffCents: number | null;
  minPriceCents: number;
}

/** The list price less the code's discount: what the buyer pays (before tax) and the discount line. */
export function applyDiscount(listCents: number, terms: DiscountTerms): { amountCents: number; discountCents: number } {
  const list = Math.max(0, Math.trunc(listCents));
  const off =
    terms.kind === 'percent'
      ? Math.floor((list * Math.min(100, Math.max(0, terms.percentOff ?? 0)) + 50) / 100)
      : Math.min(list, Math.max(0, terms.amountOffCents ?? 0));
  const floor = Math.min(list, Math.max(0, terms.minPriceCents));
  const amountCents = Math.max(list - off, floor, 0);
  return { amountCents, discountCents: list - amountCents };
}

/** '20% off' / '$5.00 off'. */
export function discountLabel(terms: Pick<DiscountTerms, 'kind' | 'percentOff' | 'amountOffCents'>): string {
  return terms.kind === 'percent' ? `${terms.percentOff ?? 0}% off` : `${formatCents(terms.amountOffCents ?? 0)} off`;
}

/** The discount line before paying and on receipts: 'Discount (LAUNCH): -$15.80 of $79.00'. */
export function discountLine(d: { code: string; listCents: number; discountCents: number }): string {
  return `Discount (${d.code}): -${formatCents(d.discountCents)} of ${formatCents(d.listCents)}`;
}

/** Codes are case-insensitive: stored and compared upper-case. */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

export interface CodeForCheckout {
  is_active: boolean;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  product_ids: string[] | null;
  max_uses: number | null;
  uses: number;
}

/** Why a code cannot be used on this checkout, or null. The use count is checked again, atomically, when the checkout is written. */
export function discountRefusal(code: CodeForCheckout, checkout: { productId: string; subscription: boolean; now: Date }): ErrorCode | null {
  if (!code.is_active) return 'DISCOUNT_CODE_INACTIVE';
  if (code.starts_at && new Date(code.starts_at) > checkout.now) return 'DISCOUNT_CODE_NOT_STARTED';
  if (code.ends_at && new Date(code.ends_at) <= checkout.now) return 'DISCOUNT_CODE_EXPIRED';
  if (code.product_ids && !code.product_ids.includes(checkout.productId)) return 'DISCOUNT_CODE_NOT_FOR_PRODUCT';
  if (checkout.subscription) return 'DISCOUNT_CODE_NOT_FOR_SUBSCRIPTIONS';
  if (code.max_uses !== null && code.uses >= code.max_uses) return 'DISCOUNT_CODE_USED_UP';
  return null;
}

export const DISCOUNT_STATES = ['active', 'scheduled', 'expired', 'used_up', 'inactive'] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];
export const DISCOUNT_STATE_LABELS: Record<DiscountState, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
  inactive: 'Turned off',
};

export function discountState(code: CodeForCheckout, now: Date = new Date()): DiscountState {
  if (!code.is_active) return 'inactive';
  if (code.ends_at && new Date(code.ends_at) <= now) return 'expired';
  if (code.max_uses !== null && code.uses >= code.max_uses) return 'used_up';
  if (code.starts_at && new Date(code.starts_at) > now) return 'scheduled';
  return 'active';
}

// --- Input ---

const CODE_MESSAGE = 'Use 3 to 32 letters, digits, - or _';
const DATE_MESSAGE = 'Enter a valid date';

const dateField = () =>
  z.nullable(
    safeText().check(
      z.trim(),
      z.maxLength(40, DATE_MESSAGE),
      z.refine((v: string) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), DATE_MESSAGE),
    ),
  );

const centsField = (message: string) => z.int({ error: message }).check(z.minimum(0, message), z.maximum(DISCOUNT_CENTS_MAX, message));

const termsFields = {
  kind: z.enum(DISCOUNT_KINDS, { error: 'Choose percent or amount off' }),
  percentOff: z.nullable(
    z
      .int({ error: 'Enter a whole percentage from 1 to 100' })
      .check(z.minimum(1, 'Enter a whole percentage from 1 to 100'), z.maximum(100, 'Enter a whole percentage from 1 to 100')),
  ),
  amountOffCents: z.nullable(centsField('Enter an amount from $0.01 to $100,000').check(z.minimum(1, 'Enter an amount from $0.01 to $100,000'))),
  /** Null: every product of the creator. */
  productIds: z.nullable(
    z
      .array(z.uuid({ error: 'Not a valid product' }), { error: 'Choose the products' })
      .check(z.minLength(1, 'Choose at least one product, or all of them'), z.maxLength(DISCOUNT_PRODUCTS_MAX, `At most ${DISCOUNT_PRODUCTS_MAX} products`)),
  ),
  startsAt: dateField(),
  endsAt: dateField(),
  maxUses: z.nullable(
    z.int({ error: 'Enter a whole number of uses' }).check(z.minimum(1, 'At least 1 use'), z.maximum(DISCOUNT_MAX_USES, 'At most 1,000,000 uses')),
  ),
  minPriceCents: centsField('Enter a minimum price from $0 to $100,000'),
};

const codeField = safeText({ error: CODE_MESSAGE }).check(
  z.trim(),
  z.maxLength(32, CODE_MESSAGE),
  z.refine((v: string) => DISCOUNT_CODE_PATTERN.test(normalizeDiscountCode(v)), CODE_MESSAGE),
);

/** POST /api/studio/discounts. Fields that depend on each other (kind and amount, start and end) are checked by discountInputProblems. */
export const DiscountCodeInputSchema = z.strictObject({
  code: codeField,
  ...termsFields,
  percentOff: z._default(termsFields.percentOff, null),
  amountOffCents: z._default(termsFields.amountOffCents, null),
  productIds: z._default(termsFields.productIds, null),
  startsAt: z._default(termsFields.startsAt, null),
  endsAt: z._default(termsFields.endsAt, null),
  maxUses: z._default(termsFields.maxUses, null),
  minPriceCents: z._default(termsFields.minPriceCents, 0),
});
export type DiscountCodeInput = z.output<typeof DiscountCodeInputSchema>;

/** PATCH /api/studio/discounts/{id}: any of the terms and `isActive`; the code itself stays. A field not sent is left as it is. */
export const DiscountCodePatchSchema = z
  .partial(z.strictObject({ ...termsFields, isActive: z.boolean({ error: 'Must be true or false' }) }))
  .check(z.refine((v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined), { message: 'Send at least one field to change' }));
export type DiscountCodePatch = z.output<typeof DiscountCodePatchSchema>;

export type DiscountFieldErrors = Partial<Record<'percentOff' | 'amountOffCents' | 'endsAt' | 'maxUses', string>>;

/** The checks across fields, as field messages (empty: none). `uses`: a maximum below the uses already taken is refused. */
export function discountInputProblems(
  v: Pick<DiscountCodeInput, 'kind' | 'percentOff' | 'amountOffCents' | 'startsAt' | 'endsAt' | 'maxUses'>,
  uses = 0,
): DiscountFieldErrors {
  const fields: DiscountFieldErrors = {};
  if (v.kind === 'percent' && v.percentOff === null) fields.percentOff = 'Enter a whole percentage from 1 to 100';
  if (v.kind === 'fixed' && v.amountOffCents === null) fields.amountOffCents = 'Enter an amount from $0.01 to $100,000';
  if (v.startsAt && v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt)) fields.endsAt = 'The end must be after the start';
  if (v.maxUses !== null && v.maxUses < uses) fields.maxUses = `This code has been used ${uses} times already: the maximum cannot be lower`;
  return fields;
}

/** The optional code of POST /api/checkout: any text up to 64 characters; an unknown one is DISCOUNT_CODE_NOT_FOUND. */
export const checkoutCodeField = () =>
  z.optional(z.nullable(safeText({ error: 'Enter a discount code' }).check(z.trim(), z.maxLength(64, 'This code does not exist. Check it and try again.'))));
