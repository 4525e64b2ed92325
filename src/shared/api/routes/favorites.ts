/** A signed-in user's favorite products (the like toggle). Visitors keep theirs in the browser. */
import * as z from 'zod/mini';
import { defineRoute, empty, json, page, pageQuery, uuid } from '../contract';
import { ProductCardSchema } from '../schemas/catalogue';

const productParams = z.strictObject({ productId: uuid() });

export const listFavorites = defineRoute({
  method: 'GET',
  path: '/api/favorites',
  operationId: 'listFavorites',
  tag: 'Favorites',
  summary: "The caller's favorite published products, most recently favorited first",
  description: 'A page of `limit` (1 to 100, default 20); follow `nextCursor` for the rest.',
  auth: 'user',
  query: z.strictObject(pageQuery()),
  response: json(page(ProductCardSchema)),
  example: { query: { limit: '50' } },
});

export const addFavorite = defineRoute({
  method: 'PUT',
  path: '/api/favorites/{productId}',
  operationId: 'addFavorite',
  tag: 'Favorites',
  summary: 'Favorite a published product (idempotent)',
  auth: 'user',
  params: productParams,
  response: empty,
  errors: ['PRODUCT_NOT_FOUND'],
  example: { params: { productId: '0b6f5c1e-8d2a-4c39-9a57-2f1e3d4c5b6a' } },
});

export const removeFavorite = defineRoute({
  method: 'DELETE',
  path: '/api/favorites/{productId}',
  operationId: 'removeFavorite',
  tag: 'Favorites',
  summary: 'Remove a product from the favorites (idempotent)',
  auth: 'user',
  params: productParams,
  response: empty,
  example: { params: { productId: '0b6f5c1e-8d2a-4c39-9a57-2f1e3d4c5b6a' } },
});

export const favoriteRoutes = [listFavorites, addFavorite, removeFavorite] as const;
