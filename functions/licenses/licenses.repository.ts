/**
 * Every query of licence keys (docs/decisions/026). Functions take `db` or a transaction
 * first. Issuing is idempotent by the table's unique indexes (one key per order, one per
 * buyer of a free product), uses change only by `uses + 1` in one statement, and a creator's
 * change matches the key's product's creator in the same statement, so another creator's key
 * behaves as if it did not exist. Nothing deletes a licence. An order holds one key per product:
 * its own, and one for each item of a bundle that issues keys (docs/decisions/080, 'Later').
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@/db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/** Whether a product issues keys, and what decides who gets one. */
export async function findProductLicensing(db: Q, productId: string) {
  return db
    .selectFrom('products')
    .select(['id', 'creator_id', 'price', 'pricing_model', 'pay_what_you_want', 'issues_license_keys'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

/**
 * A paid order's key for one product (the order's own, or an item of the bundle it bought); a
 * second call for the same order and product (a retry, a race) inserts nothing.
 */
export async function insertOrderLicense(db: Q, values: { orderId: string; productId: string; buyerId: string; key: string }) {
  return db
    .insertInto('licenses')
    .values({ order_id: values.orderId, product_id: values.productId, buyer_id: values.buyerId, key: values.key })
    .onConflict((oc) => oc.columns(['order_id', 'product_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The items of a bundle that issue keys (none when the product is not a bundle). */
export async function listBundleItemsIssuingKeys(db: Q, bundleId: string) {
  return db
    .selectFrom('bundle_items as bi')
    .innerJoin('products as p', 'p.id', 'bi.product_id')
    .select('p.id')
    .where('bi.bundle_id', '=', bundleId)
    .where('p.issues_license_keys', '=', true)
    .orderBy('bi.position')
    .execute();
}

/**
 * A free product's key for a buyer who has none for it yet: the partial unique index on
 * (product_id, buyer_id) makes concurrent first downloads insert one; a buyer who already has
 * a key for the product (bought while it was priced) gets no second one.
 */
export async function insertFreeLicense(db: Q, values: { productId: string; buyerId: string; key: string }) {
  const result = await sql<{ id: string }>`
    insert into licenses (product_id, buyer_id, key)
    select ${values.productId}::uuid, ${values.buyerId}, ${values.key}
    where not exists (select 1 from licenses where product_id = ${values.productId}::uuid and buyer_id = ${values.buyerId})
    on conflict (product_id, buyer_id) where order_id is null do nothing
    returning id
  `.execute(db);
  return result.rows[0];
}

/**
 * A refund disables the order's key; refunding any payment of a subscription (which ends it)
 * disables the subscription's key, which belongs to its first order. A key the creator had
 * disabled keeps its date.
 */
export async function disableLicensesOfOrder(db: Q, order: { id: string; provider_subscription_id: string | null }): Promise<number> {
  const result = await db
    .updateTable('licenses')
    .set({ disabled_at: sql`coalesce(disabled_at, now())` })
    .where((eb) =>
      order.provider_subscription_id
        ? eb.or([
            eb('order_id', '=', order.id),
            eb('order_id', 'in', eb.selectFrom('orders').select('id').where('provider_subscription_id', '=', order.provider_subscription_id)),
          ])
        : eb('order_id', '=', order.id),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** What every read of a key selects: the key and its product's title (`l` joined with `p`). */
const LICENSE_COLUMNS = ['l.id', 'l.key', 'l.uses', 'l.disabled_at', 'l.created_at', 'l.order_id', 'l.product_id', 'p.title as product_title'] as const;

/** A key of a product with everything verification answers: the buyer's email, the order, the subscription. */
export async function findLicenseForVerification(db: Q, productId: string, key: string) {
  return db
    .selectFrom('licenses as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .innerJoin('users as u', 'u.id', 'l.buyer_id')
    .leftJoin('orders as o', 'o.id', 'l.order_id')
    .leftJoin('subscriptions as s', 's.provider_subscription_id', 'o.provider_subscription_id')
    .select([
      ...LICENSE_COLUMNS,
      'u.email',
      'o.number as order_number',
      'o.status as order_status',
      'o.paid_at',
      's.status as subscription_status',
      's.current_period_end',
      's.updated_at as subscription_updated_at',
    ])
    .where('l.product_id', '=', productId)
    .where('l.key', '=', key)
    .executeTakeFirst();
}

/** One more use of a valid key, counted in the statement (exact under concurrency); undefined when it is disabled. */
export async function incrementLicenseUses(db: Q, id: string) {
  return db
    .updateTable('licenses')
    .set({ uses: sql`uses + 1` })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .returning('uses')
    .executeTakeFirst();
}

/** Disables or re-enables a key of one of the creator's products; undefined for anyone else's. */
export async function setCreatorLicenseDisabled(db: Q, creatorId: string, id: string, disabled: boolean) {
  return db
    .updateTable('licenses')
    .set({ disabled_at: disabled ? sql`coalesce(disabled_at, now())` : null })
    .where('id', '=', id)
    .where('product_id', 'in', (eb) => eb.selectFrom('products').select('id').where('creator_id', '=', creatorId))
    .returning('id')
    .executeTakeFirst();
}

function creatorLicenses(db: Q, creatorId: string) {
  return db
    .selectFrom('licenses as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('profiles as buyer', 'buyer.id', 'l.buyer_id')
    .leftJoin('orders as o', 'o.id', 'l.order_id')
    .select([...LICENSE_COLUMNS, 'buyer.full_name as buyer_name', 'o.number as order_number', 'o.status as order_status'])
    .where('p.creator_id', '=', creatorId);
}

/** The creator's keys, newest first; `keyPart` narrows them to keys containing it (uppercase hex and dashes). */
export async function listCreatorLicenses(db: Q, creatorId: string, options: { keyPart?: string; limit: number }) {
  let query = creatorLicenses(db, creatorId);
  if (options.keyPart) query = query.where('l.key', 'like', `%${options.keyPart}%`);
  return query.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(options.limit).execute();
}

export async function countCreatorLicenses(db: Q, creatorId: string): Promise<number> {
  const row = await db
    .selectFrom('licenses as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('p.creator_id', '=', creatorId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findCreatorLicense(db: Q, creatorId: string, id: string) {
  return creatorLicenses(db, creatorId).where('l.id', '=', id).executeTakeFirst();
}

/** A buyer's keys, for their library. */
export async function listBuyerLicenses(db: Q, buyerId: string) {
  return db.selectFrom('licenses').select(['id', 'key', 'order_id', 'product_id', 'disabled_at']).where('buyer_id', '=', buyerId).execute();
}

/** The key a paid order issued for its own product, for its receipt (a bundle's items' keys are in the library). */
export async function findOrderLicenseKey(db: Q, orderId: string, productId: string): Promise<string | undefined> {
  const row = await db.selectFrom('licenses').select('key').where('order_id', '=', orderId).where('product_id', '=', productId).executeTakeFirst();
  return row?.key;
}
