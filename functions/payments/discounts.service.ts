/**
 * Discount codes (issue 31, docs/decisions/075): a creator's codes at /sales/discounts and
 * /api/studio/discounts, and the price a checkout charges with one.
 *
 * - Own codes only: another creator's code answers 404 DISCOUNT_NOT_FOUND, like one that does
 *   not exist; figures are the creator's own orders.
 * - A code is unique per creator, case-insensitively (stored upper-case; the unique index
 *   decides between two concurrent creations: 409 DISCOUNT_CODE_TAKEN).
 * - priceWithCode (called by startCheckout) reads the code of the product's creator, refuses it
 *   with the reason ('This code has expired.') and computes the discounted price from the
 *   product row and the code as they are now; the checkout then locks that amount in and takes
 *   a use in the transaction that writes its order (takeDiscountUse). A later change of the code
 *   never changes what that checkout charges.
 */
import type { Db } from '@/db/database';
import type { DiscountCode } from '@/db/schema';
import type { DiscountCodeView } from '@/src/shared/api/schemas/payments';
import {
  applyDiscount,
  discountInputProblems,
  discountRefusal,
  discountState,
  MAX_DISCOUNT_CODES,
  normalizeDiscountCode,
  DISCOUNT_CODE_PATTERN,
  type DiscountCodeInput,
  type DiscountCodePatch,
} from '@/src/shared/discounts';
import { isUuid } from '@/src/shared/ids';
import { AppError } from '../_shared/errors';
import {
  countCodes,
  findCodeForCheckout,
  findOwnCode,
  insertCode,
  listCodesWithFigures,
  listCreatorProductChoices,
  lockCodeOwner,
  ownProductIds,
  updateOwnCode,
  type CodeValues,
} from './discounts.repository';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

type Figures = { paid_orders?: string | number; revenue_cents?: string | number; discount_given_cents?: string | number };

function toView(row: DiscountCode & Figures, now = new Date()): DiscountCodeView {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percentOff: row.percent_off,
    amountOffCents: row.amount_off_cents,
    productIds: row.product_ids,
    startsAt: isoOrNull(row.starts_at),
    endsAt: isoOrNull(row.ends_at),
    maxUses: row.max_uses,
    minPriceCents: row.min_price_cents,
    isActive: row.is_active,
    state: discountState(row, now),
    uses: row.uses,
    paidOrders: Number(row.paid_orders ?? 0),
    revenueCents: Number(row.revenue_cents ?? 0),
    discountCents: Number(row.discount_given_cents ?? 0),
    createdAt: iso(row.created_at),
  };
}

/** Dates as the database takes them: a bare day is that day's start (UTC); an end date's whole day counts. */
function toTimestamp(value: string | null, endOfDay = false): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`;
  return new Date(value).toISOString();
}

async function checkTerms(db: Db, creatorId: string, values: CodeValues, uses: number): Promise<CodeValues> {
  const normalized: CodeValues = { ...values, startsAt: toTimestamp(values.startsAt), endsAt: toTimestamp(values.endsAt, true) };
  const fields: Record<string, string> = { ...discountInputProblems(normalized, uses) };
  if (normalized.productIds) {
    const unique = [...new Set(normalized.productIds)];
    const own = new Set(await ownProductIds(db, creatorId, unique));
    // Another creator's product is answered like one that does not exist.
    if (unique.some((id) => !own.has(id))) fields['productIds'] = 'Choose among your own products';
    normalized.productIds = unique;
  }
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', Object.values(fields)[0], fields);
  return normalized;
}

async function ownCode(db: Db, creatorId: string, id: string): Promise<DiscountCode> {
  const row = isUuid(id) ? await findOwnCode(db, creatorId, id) : undefined;
  if (!row) throw new AppError('DISCOUNT_NOT_FOUND');
  return row;
}

/** The creator's codes with their uses, paid orders, revenue and discount given; at most MAX_DISCOUNT_CODES, one page. */
export async function listDiscountCodes(db: Db, creatorId: string): Promise<{ items: DiscountCodeView[]; nextCursor: null }> {
  const now = new Date();
  return { items: (await listCodesWithFigures(db, creatorId)).map((row) => toView(row, now)), nextCursor: null };
}

export async function createDiscountCode(db: Db, creatorId: string, input: DiscountCodeInput): Promise<DiscountCodeView> {
  const code = normalizeDiscountCode(input.code);
  const values = await checkTerms(db, creatorId, input, 0);
  const row = await db.transaction().execute(async (trx) => {
    await lockCodeOwner(trx, creatorId);
    if ((await countCodes(trx, creatorId)) >= MAX_DISCOUNT_CODES) throw new AppError('DISCOUNT_LIMIT_REACHED');
    return insertCode(trx, creatorId, code, values);
  });
  if (!row) throw new AppError('DISCOUNT_CODE_TAKEN', undefined, { code: 'You already have a code with this name. Choose another.' });
  return toView(row);
}

export async function updateDiscountCode(db: Db, creatorId: string, id: string, patch: DiscountCodePatch): Promise<DiscountCodeView> {
  const current = await ownCode(db, creatorId, id);
  const merged: CodeValues & { isActive: boolean } = {
    kind: patch.kind ?? current.kind,
    percentOff: patch.percentOff !== undefined ? patch.percentOff : current.percent_off,
    amountOffCents: patch.amountOffCents !== undefined ? patch.amountOffCents : current.amount_off_cents,
    productIds: patch.productIds !== undefined ? patch.productIds : current.product_ids,
    startsAt: patch.startsAt !== undefined ? patch.startsAt : isoOrNull(current.starts_at),
    endsAt: patch.endsAt !== undefined ? patch.endsAt : isoOrNull(current.ends_at),
    maxUses: patch.maxUses !== undefined ? patch.maxUses : current.max_uses,
    minPriceCents: patch.minPriceCents ?? current.min_price_cents,
    isActive: patch.isActive ?? current.is_active,
  };
  const values = await checkTerms(db, creatorId, merged, current.uses);
  const row = await updateOwnCode(db, creatorId, id, { ...values, isActive: merged.isActive });
  if (!row) {
    // Uses taken since it was read put the new maximum below them.
    const now = await ownCode(db, creatorId, id);
    throw new AppError('VALIDATION_FAILED', undefined, discountInputProblems({ ...values }, now.uses));
  }
  return (await listDiscountCodes(db, creatorId)).items.find((c) => c.id === id) ?? toView(row);
}

/** The creator's products for the form's 'Applies to' choice. */
export async function listDiscountProductChoices(db: Db, creatorId: string) {
  return (await listCreatorProductChoices(db, creatorId)).map((p) => ({ id: p.id, title: p.title }));
}

export interface PricedCheckout {
  listCents: number;
  amountCents: number;
  discountCents: number;
  code: DiscountCode | null;
}

/**
 * The checkout's price, from the product row and the code as they are now. Without a code: the
 * list price. A code the creator does not have (another creator's included) is
 * DISCOUNT_CODE_NOT_FOUND; one refused for this checkout says why.
 */
export async function priceWithCode(
  db: Db,
  product: { id: string; creatorId: string; listCents: number; subscription: boolean },
  rawCode: string | null | undefined,
  now = new Date(),
): Promise<PricedCheckout> {
  const text = rawCode ? normalizeDiscountCode(rawCode) : '';
  if (!text) return { listCents: product.listCents, amountCents: product.listCents, discountCents: 0, code: null };
  const code = DISCOUNT_CODE_PATTERN.test(text) ? await findCodeForCheckout(db, product.creatorId, text) : undefined;
  if (!code) throw new AppError('DISCOUNT_CODE_NOT_FOUND', undefined, { code: 'This code does not exist. Check it and try again.' });
  const refusal = discountRefusal(code, { productId: product.id, subscription: product.subscription, now });
  if (refusal) throw new AppError(refusal);
  const { amountCents, discountCents } = applyDiscount(product.listCents, {
    kind: code.kind,
    percentOff: code.percent_off,
    amountOffCents: code.amount_off_cents,
    minPriceCents: code.min_price_cents,
  });
  return { listCents: product.listCents, amountCents, discountCents, code };
}
