/**
 * Test data made by each test: users with profiles, and products. Unique ids per call so
 * tests never depend on each other's rows.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import type { Db } from '@/db/database';
import { ProductWriteSchema } from '@/src/shared/api/schemas/products';
import type { NewProduct } from '@/db/schema';
import type { UserType } from '@/src/shared/domain';

/** A user with its profile; verified unless emailVerified is false (publishing, reviews and posts need it). */
export async function createUser(db: Db, overrides: { fullName?: string; userType?: UserType; email?: string; emailVerified?: boolean } = {}) {
  const id = `test-${randomUUID()}`;
  const fullName = overrides.fullName ?? 'Test Creator';
  const email = overrides.email ?? `${id}@example.test`;
  await db
    .insertInto('users')
    .values({ id, name: fullName, email, full_name: fullName, user_type: overrides.userType ?? 'creator', email_verified: overrides.emailVerified ?? true })
    .execute();
  await db
    .insertInto('profiles')
    .values({ id, full_name: fullName, user_type: overrides.userType ?? 'creator' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return { id, email, fullName };
}

export async function createProduct(db: Db, creatorId: string, overrides: Partial<NewProduct> = {}) {
  return db
    .insertInto('products')
    .values({ creator_id: creatorId, title: 'Test Product', status: 'published', category_id: null, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * `userId` gets one of `creatorId`'s products the way a buyer of a free product does: a
 * published free product of theirs (made here) and a download of it. Seller and product
 * reviews need this (docs/decisions/029). Answers the product.
 */
export async function obtainFrom(db: Db, userId: string, creatorId: string) {
  const product = await createProduct(db, creatorId, {
    title: 'Free starter kit',
    price: 0,
    pricing_model: 'free',
    content_delivery_type: 'text',
    content_text: 'The kit.',
  });
  await db.insertInto('downloads').values({ user_id: userId, product_id: product.id, download_type: 'free', amount: 0, content_accessed: 'text' }).execute();
  return product;
}

/** A product body as POST and PUT /api/me/products parse it (for tests calling the products service directly). */
export const productInput = (body: unknown) => z.parse(ProductWriteSchema, body);

export async function ensureCategories(db: Db) {
  for (const id of ['content', 'design', 'audio', 'business', 'video', 'tech']) {
    await db
      .insertInto('categories')
      .values({ id, name: id, description: id })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

/** The body of a valid free text product for POST /api/me/products, published, with the caller's title and changes. */
export function freeProductBody(title: string, overrides: Record<string, unknown> = {}) {
  return {
    title,
    description: 'A set of prompts and a checklist that help a small team ship release notes every week without missing a change.',
    short_description: 'Release notes without the busywork',
    content_delivery_type: 'text',
    content_text: 'Prompt 1: list the merged changes.',
    pricing_model: 'free',
    price: 0,
    category_id: 'tech',
    ai_tool_type: 'chatgpt',
    status: 'published',
    ...overrides,
  };
}
