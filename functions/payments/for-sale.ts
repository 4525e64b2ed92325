/**
 * Whether a product can still be bought: published, not removed, and not free. startCheckout
 * checks it through the same query; a checkout can outlive its product's listing, so it is
 * checked again when the checkout completes (issue 29): payLocalCheckout refuses before any
 * charge, and handleWebhook refunds a provider's completed payment at once.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@/db/schema';
import { purchaseKind } from '@/src/shared/payments';
import { findPublishedProductForSale } from './payments.repository';

export async function isStillForSale(db: Kysely<Database> | Transaction<Database>, productId: string): Promise<boolean> {
  const product = await findPublishedProductForSale(db, productId);
  return Boolean(product && purchaseKind(product));
}
