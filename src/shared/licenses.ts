/**
 * Licence keys (docs/decisions/026), the isomorphic part: the key's format, the request bodies
 * of the two routes as zod schemas (the API contract takes them as they are), and the shapes
 * the routes answer. Keys are issued and checked in functions/licenses.
 *
 * A key is four groups of eight uppercase hexadecimal digits, as Gumroad's are
 * (`38C4F1A2-9D0B47E5-A1C3F6D8-0B2E4A69`): 128 random bits. Verification accepts it in any
 * case and with surrounding spaces (a key read aloud or pasted from an email), nothing else.
 */
import './zod-browser';
import { z } from 'zod';

export const LICENSE_KEY_PATTERN = /^[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}$/;
export const LICENSE_KEY_HINT = 'A license key is four groups of 8 letters and digits, like 38C4F1A2-9D0B47E5-A1C3F6D8-0B2E4A69';

/** What a buyer types or pastes, as stored: trimmed and uppercase, then checked against the format. */
export const LicenseKeySchema = z
  .string({ error: 'Enter the license key' })
  .max(100, LICENSE_KEY_HINT)
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.string().regex(LICENSE_KEY_PATTERN, LICENSE_KEY_HINT));

/**
 * POST /api/v1/licenses/verify, Gumroad's request: the product, the key, and whether this
 * check counts as a use (true unless `false` is sent, as Gumroad). Unknown fields are refused.
 */
export const LicenseVerifyInputSchema = z.strictObject({
  product_id: z.uuid({ error: 'Enter the product id (a UUID): copy it from the product editor' }),
  license_key: LicenseKeySchema,
  increment_uses_count: z.boolean({ error: 'increment_uses_count is true or false' }).default(true),
});
export type LicenseVerifyInput = z.infer<typeof LicenseVerifyInputSchema>;

/** PATCH /api/me/licenses/{id}: the creator disables or re-enables one of their keys. */
export const LicenseChangeSchema = z.strictObject({
  disabled: z.boolean({ error: 'disabled is true or false' }),
});
export type LicenseChange = z.infer<typeof LicenseChangeSchema>;

/** The purchase a key belongs to, in Gumroad's field names. */
export interface LicensePurchase {
  email: string;
  /** When the key was bought (a paid order's payment) or claimed (a free product's first download). */
  created_at: string;
  refunded: boolean;
  disabled: boolean;
  product_id: string;
  product_name: string;
  license_key: string;
  /** The paid order's id; null for a free product's key. */
  order_id: string | null;
  /** TM-000042; null for a free product's key. */
  order_number: string | null;
  /** A subscription's key: when its paid access ended (null while it lasts, and for one-time purchases). */
  subscription_ended_at: string | null;
}

/**
 * The verify answer (200 for any key that exists): `success` says whether the software should
 * accept the key; `message` says why not when it is false.
 */
export interface LicenseVerifyResult {
  success: boolean;
  message?: string;
  uses: number;
  purchase: LicensePurchase;
}

/** A key as its creator sees it on /sales and PATCH /api/me/licenses/{id} answers it. */
export interface CreatorLicense {
  id: string;
  key: string;
  productId: string;
  productTitle: string;
  buyerName: string;
  orderId: string | null;
  orderNumber: string | null;
  uses: number;
  disabled: boolean;
  refunded: boolean;
  createdAt: string;
}
