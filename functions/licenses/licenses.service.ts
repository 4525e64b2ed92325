/**
 * Licence keys (issue 14, docs/decisions/026): issuing, verifying, and the creator's
 * disable/enable.
 *
 * - Issuing. A product with `issues_license_keys` gives a key to each paid order, inside the
 *   webhook transaction that moves the order to paid (functions/payments/webhook.service.ts):
 *   only the completion that wins that transition issues it, and the unique (order_id, product_id)
 *   makes a retry or a race insert nothing. A bundle's order also issues a key for each of its
 *   items that issues keys (docs/decisions/080). Renewals of a subscription keep the first order's key. A
 *   free product gives a buyer one key, in the transaction that records their download
 *   (functions/downloads). Creators downloading their own product get none.
 * - Keys are 128 bits from the operating system's CSPRNG, printed as Gumroad prints them.
 *   A collision with another key of the same product (odds about 2^-65 after 2^32 keys) trips the
 *   unique index and rolls the payment transaction back; the provider's retry draws a new key.
 * - Verifying answers 404 LICENSE_NOT_FOUND unless the product has this key; for a key that
 *   exists it answers 200 with `success` (the key is enabled and, for a subscription, its paid
 *   period has not ended), `uses`, and the purchase. A use is counted only when `success` is
 *   true and `increment_uses_count` is not false, in one `uses + 1` statement.
 * - A refund disables the order's keys (webhook.service.ts refundOrderInTrx); the creator can disable
 *   and re-enable their products' keys. Another creator's key: 404 LICENSE_NOT_FOUND.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '@/db/database';
import type { Order } from '@/db/schema';
import { ACTIVE_SUBSCRIPTION_STATUSES, isOneOf } from '@/src/shared/domain';
import { isUuid } from '@/src/shared/ids';
import type { CreatorLicense, LicenseChange, LicenseVerifyInput, LicenseVerifyResult } from '@/src/shared/licenses';
import { formatOrderNumber, purchaseKind } from '@/src/shared/payments';
import { AppError } from '../_shared/errors';
import {
  countCreatorLicenses,
  disableLicensesOfOrder,
  findCreatorLicense,
  findLicenseForVerification,
  findProductLicensing,
  incrementLicenseUses,
  insertOrderLicense,
  listBundleItemsIssuingKeys,
  listCreatorLicenses,
  setCreatorLicenseDisabled,
} from './licenses.repository';

type Q = Parameters<typeof findProductLicensing>[0];

const iso = (d: Date | string) => new Date(d).toISOString();

/** A new key: 16 random bytes as four groups of eight uppercase hex digits. */
export function newLicenseKey(): string {
  const hex = randomBytes(16).toString('hex').toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 16)}-${hex.slice(16, 24)}-${hex.slice(24, 32)}`;
}

/**
 * The keys of an order that has just become paid: its product's, when it issues keys, and, for
 * a bundle, one for each item that issues keys, as if each had been bought on its own (the
 * bundle's buyer may use each; docs/decisions/080). Called in the transaction of the pending ->
 * paid transition; idempotent by the unique (order_id, product_id). An item the buyer also
 * owns through another order gets this order's key too: each order's refund disables only its
 * own keys, so the one that still grants the item keeps a working key.
 */
export async function issueOrderLicense(trx: Q, order: Pick<Order, 'id' | 'product_id' | 'buyer_id'>): Promise<void> {
  const product = await findProductLicensing(trx, order.product_id);
  const productIds = [
    ...(product?.issues_license_keys ? [order.product_id] : []),
    ...(await listBundleItemsIssuingKeys(trx, order.product_id)).map((i) => i.id),
  ];
  for (const productId of productIds) await insertOrderLicense(trx, { orderId: order.id, productId, buyerId: order.buyer_id, key: newLicenseKey() });
}

/** A refunded order's keys (a bundle's items' too, or its subscription's) stop verifying, in the refund's transaction. */
export async function disableRefundedLicenses(trx: Q, order: Pick<Order, 'id' | 'provider_subscription_id'>): Promise<void> {
  await disableLicensesOfOrder(trx, order);
}

/**
 * The key a download should claim: a fresh one when the product is free (a priced product's
 * keys come with its orders), issues keys, and the user is not its creator; else null. The
 * download's transaction stores it only if the buyer has no key for the product yet.
 */
export function freeLicenseKeyFor(
  product: { creator_id: string; issues_license_keys: boolean; price: string | number | null; pricing_model: string | null; pay_what_you_want: boolean },
  userId: string,
): string | null {
  return product.issues_license_keys && product.creator_id !== userId && !purchaseKind(product) ? newLicenseKey() : null;
}

type VerificationRow = NonNullable<Awaited<ReturnType<typeof findLicenseForVerification>>>;

/** When a subscription key's paid access ended: null while it lasts (and for anything but a subscription). */
function subscriptionEndedAt(row: VerificationRow, now: Date): string | null {
  if (!row.subscription_status || !row.current_period_end) return null;
  const periodEnd = new Date(row.current_period_end);
  if (isOneOf(ACTIVE_SUBSCRIPTION_STATUSES, row.subscription_status) && periodEnd > now) return null;
  // Lapsed at the end of its period, or ended early (a refund, a failed payment) when it changed.
  return iso(periodEnd <= now || !row.subscription_updated_at ? periodEnd : row.subscription_updated_at);
}

/** POST /api/v1/licenses/verify. `input` is LicenseVerifyInputSchema's output (the route parsed it). */
export async function verifyLicense(db: Db, input: LicenseVerifyInput, now = new Date()): Promise<LicenseVerifyResult> {
  const row = await findLicenseForVerification(db, input.product_id, input.license_key);
  // Gumroad's words, so software written against its API shows the same thing.
  if (!row) throw new AppError('LICENSE_NOT_FOUND', 'That license does not exist for the provided product.');
  const refunded = row.order_status === 'refunded';
  const endedAt = subscriptionEndedAt(row, now);
  let disabled = row.disabled_at !== null;
  let uses = row.uses;
  if (!disabled && !endedAt && input.increment_uses_count) {
    const counted = await incrementLicenseUses(db, row.id);
    // Disabled between the read and the count: answered as disabled, not counted.
    if (counted) uses = counted.uses;
    else disabled = true;
  }
  const success = !disabled && !endedAt;
  return {
    success,
    ...(success
      ? {}
      : {
          message: disabled
            ? refunded
              ? 'This license key has been disabled: its purchase was refunded.'
              : 'This license key has been disabled.'
            : 'The subscription for this license key has ended.',
        }),
    uses,
    purchase: {
      email: row.email,
      created_at: iso(row.paid_at ?? row.created_at),
      refunded,
      disabled,
      product_id: row.product_id,
      product_name: row.product_title,
      license_key: row.key,
      order_id: row.order_id,
      order_number: row.order_number === null ? null : formatOrderNumber(row.order_number),
      subscription_ended_at: endedAt,
    },
  };
}

type CreatorRow = NonNullable<Awaited<ReturnType<typeof findCreatorLicense>>>;

function toCreatorLicense(row: CreatorRow): CreatorLicense {
  return {
    id: row.id,
    key: row.key,
    productId: row.product_id,
    productTitle: row.product_title,
    buyerName: row.buyer_name?.trim() || 'A buyer',
    orderId: row.order_id,
    orderNumber: row.order_number === null ? null : formatOrderNumber(row.order_number),
    uses: row.uses,
    disabled: row.disabled_at !== null,
    refunded: row.order_status === 'refunded',
    createdAt: iso(row.created_at),
  };
}

/** PATCH /api/me/licenses/{id} { disabled }: one of the creator's keys, changed; anyone else's is 404. */
export async function changeLicense(db: Db, creatorId: string, id: string, { disabled }: LicenseChange): Promise<CreatorLicense> {
  if (!isUuid(id)) throw new AppError('LICENSE_NOT_FOUND');
  const changed = await setCreatorLicenseDisabled(db, creatorId, id, disabled);
  if (!changed) throw new AppError('LICENSE_NOT_FOUND');
  const row = await findCreatorLicense(db, creatorId, id);
  if (!row) throw new AppError('LICENSE_NOT_FOUND');
  return toCreatorLicense(row);
}

/** How many keys /sales lists at once; a search by key finds any other. */
const CREATOR_LICENSES_SHOWN = 50;

/** /sales's search: part of a key, in any case (hex digits and dashes). */
const LicenseSearchSchema = z
  .string()
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.string().regex(/^[0-9A-F-]{1,35}$/, 'Search by license key: its digits, letters A to F and dashes'));

/**
 * The licence panel of /sales: the creator's newest keys (or those matching a part of a key),
 * and how many keys they have in all. An invalid search is reported, not run.
 */
export async function listLicensesForCreator(db: Db, creatorId: string, search: string | null) {
  const parsed = search?.trim() ? LicenseSearchSchema.safeParse(search) : null;
  const keyPart = parsed?.success ? parsed.data : undefined;
  const [rows, total] = await Promise.all([
    parsed && !parsed.success ? Promise.resolve([]) : listCreatorLicenses(db, creatorId, { ...(keyPart ? { keyPart } : {}), limit: CREATOR_LICENSES_SHOWN }),
    countCreatorLicenses(db, creatorId),
  ]);
  return {
    items: rows.map(toCreatorLicense),
    total,
    search: keyPart ?? null,
    searchError: parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? 'Invalid search') : null,
  };
}
