/**
 * Licence keys (docs/decisions/026), the isomorphic part: the key's format, the request bodies
 * of the two routes as zod schemas (the API contract takes them as they are), and the shapes
 * the routes answer (schemas; the types derive from them). Keys are issued and checked in functions/licenses.
 *
 * A key is four groups of eight uppercase hexadecimal digits, as Gumroad's are
 * (`38C4F1A2-9D0B47E5-A1C3F6D8-0B2E4A69`): 128 random bits. Verification accepts it in any
 * case and with surrounding spaces (a key read aloud or pasted from an email), nothing else.
 */
import * as z from 'zod/mini';

export const LICENSE_KEY_PATTERN = /^[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}$/;
const LICENSE_KEY_HINT = 'A license key is four groups of 8 letters and digits, like 38C4F1A2-9D0B47E5-A1C3F6D8-0B2E4A69';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a buyer types or pastes, as stored: trimmed and uppercase, then checked against the format. */
const LicenseKeySchema = z.string({ error: 'Enter the license key' }).check(
  z.maxLength(100, LICENSE_KEY_HINT),
  z.overwrite((v) => v.trim().toUpperCase()),
  z.regex(LICENSE_KEY_PATTERN, LICENSE_KEY_HINT),
);

/**
 * POST /api/v1/licenses/verify, Gumroad's request: the product, the key, and whether this
 * check counts as a use (true unless `false` is sent, as Gumroad). Unknown fields are refused.
 */
export const LicenseVerifyInputSchema = z.strictObject({
  product_id: z
    .string({ error: 'Enter the product id (a UUID): copy it from the product editor' })
    .check(z.regex(UUID, 'Enter the product id (a UUID): copy it from the product editor')),
  license_key: LicenseKeySchema,
  increment_uses_count: z._default(z.boolean({ error: 'increment_uses_count is true or false' }), true),
});
export type LicenseVerifyInput = z.output<typeof LicenseVerifyInputSchema>;

/** PATCH /api/me/licenses/{id}: the creator disables or re-enables one of their keys. */
export const LicenseChangeSchema = z.strictObject({
  disabled: z.boolean({ error: 'disabled is true or false' }),
});
export type LicenseChange = z.output<typeof LicenseChangeSchema>;

/** The purchase a key belongs to, in Gumroad's field names. */
const LicensePurchaseSchema = z.object({
  email: z.string(),
  /** When the key was bought (a paid order's payment) or claimed (a free product's first download). */
  created_at: z.string(),
  refunded: z.boolean(),
  disabled: z.boolean(),
  product_id: z.string(),
  product_name: z.string(),
  license_key: z.string(),
  /** The paid order's id; null for a free product's key. */
  order_id: z.nullable(z.string()),
  /** TM-000042; null for a free product's key. */
  order_number: z.nullable(z.string()),
  /** A subscription's key: when its paid access ended (null while it lasts, and for one-time purchases). */
  subscription_ended_at: z.nullable(z.string()),
});

/**
 * The verify answer (200 for any key that exists): `success` says whether the software should
 * accept the key; `message` says why not when it is false.
 */
export const LicenseVerifyResultSchema = z.object({
  success: z.boolean(),
  message: z.optional(z.string()),
  uses: z.int(),
  purchase: LicensePurchaseSchema,
});
export type LicenseVerifyResult = z.output<typeof LicenseVerifyResultSchema>;

/** A key as its creator sees it on /sales and PATCH /api/me/licenses/{id} answers it. */
export const CreatorLicenseSchema = z.object({
  id: z.string(),
  key: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  buyerName: z.string(),
  orderId: z.nullable(z.string()),
  orderNumber: z.nullable(z.string()),
  uses: z.int(),
  disabled: z.boolean(),
  refunded: z.boolean(),
  createdAt: z.string(),
});
export type CreatorLicense = z.output<typeof CreatorLicenseSchema>;
