/**
 * Every query of the cart (docs/decisions/082): a signed-in buyer's cart_items and the product
 * rows a cart shows (any status for the buyer's own rows, so an archived product shows as no
 * longer for sale; published only for a visitor's ids), and the cart's clean-up when a checkout
 * completes.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@/db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/** The product columns a cart line needs, with its creator's name. */
function cartProducts(db: Q) {
  return db
    .selectFrom('products as p')
    .innerJoin('profiles as c', 'c.id', 'p.creator_id')
    .select([
      'p.id',
      'p.title',
      'p.status',
      'p.price',
      'p.pricing_model',
      'p.pay_what_you_want',
      'p.creator_id',
      'p.image_url',
      'p.refund_policy',
      'c.full_name as creator_full_name',
    ]);
}

export type CartProductRow = Awaited<ReturnType<typeof listCartProducts>>[number];

/** The buyer's cart, oldest item first. */
export async function listCartProducts(db: Q, userId: string) {
  return cartProducts(db)
    .innerJoin('cart_items as ci', 'ci.product_id', 'p.id')
    .where('ci.user_id', '=', userId)
    .orderBy('ci.added_at')
    .orderBy('p.id')
    .execute();
}

/** Published products among `ids` (a visitor's browser cart): public data only; unknown ids are left out. */
export async function listPublishedCartProducts(db: Q, ids: readonly string[]) {
  if (!ids.length) return [];
  return cartProducts(db).where('p.id', 'in', [...ids]).where('p.status', '=', 'published').execute();
}

export async function countCartItems(db: Q, userId: string): Promise<number> {
  const row = await db.selectFrom('cart_items').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function isInCart(db: Q, userId: string, productId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('cart_items').select('product_id').where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst());
}

/** Adds a product once: adding it again keeps the first row (and its place). */
export async function insertCartItem(db: Q, userId: string, productId: string): Promise<void> {
  await db
    .insertInto('cart_items')
    .values({ user_id: userId, product_id: productId })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
}

export async function deleteCartItems(db: Q, userId: string, productIds: readonly string[]): Promise<void> {
  if (!productIds.length) return;
  await db.deleteFrom('cart_items').where('user_id', '=', userId).where('product_id', 'in', [...productIds]).execute();
}
