/**
 * Products: a creator's own products (list, read, create, replace, change, delete) and the
 * public side of a published product (search, what its button offers, download, its private
 * files, a view). docs/decisions/024 says what GET, PUT and PATCH mean here.
 */
import * as z from 'zod/mini';
import { CATEGORY_IDS, INTERACTION_TYPES, PRODUCT_STATUSES } from '../../domain';
import { defineRoute, empty, file, json, page, pageQuery, uuid } from '../contract';
import { DownloadResultSchema, OwnerProductSchema, ProductAccessSchema } from '../schemas/products';
import { userText } from '../schemas/text';

const EXAMPLE_ID = '0b6f5c1e-8d2a-4c39-9a57-2f1e3d4c5b6a';
const productParams = z.strictObject({ id: uuid() });

// --- A creator's own products ---

export const listMyProducts = defineRoute({
  method: 'GET',
  path: '/api/me/products',
  operationId: 'listMyProducts',
  tag: 'Products',
  summary: "The caller's products, newest first, with their deliverables and quality score",
  description: 'Filters: `search` (title, short description and tags), `status`, `category`. Pages of `limit` (1 to 100, default 20) with `cursor`.',
  auth: 'user',
  scope: 'products:read',
  query: z.strictObject({
    search: z.optional(userText({ max: 200 })),
    status: z.optional(z.enum(PRODUCT_STATUSES)),
    category: z.optional(z.enum(CATEGORY_IDS)),
    ...pageQuery(),
  }),
  response: json(page(OwnerProductSchema)),
  example: { query: { status: 'published', limit: '50' } },
});

export const getMyProduct = defineRoute({
  method: 'GET',
  path: '/api/me/products/{id}',
  operationId: 'getMyProduct',
  tag: 'Products',
  summary: 'One of your products, with its deliverables and quality score',
  description: 'Its JSON may be sent back unchanged with PUT: read-only fields are ignored there and `null` means absent.',
  auth: 'user',
  scope: 'products:read',
  params: productParams,
  response: json(OwnerProductSchema),
  errors: ['PRODUCT_NOT_FOUND'],
  example: { params: { id: EXAMPLE_ID } },
});

export const deleteMyProduct = defineRoute({
  method: 'DELETE',
  path: '/api/me/products/{id}',
  operationId: 'deleteMyProduct',
  tag: 'Products',
  summary: 'Delete one of your products (archived instead when it has orders)',
  description: 'The files only it used are removed from storage. A product with orders is archived: its buyers keep what they paid for.',
  auth: 'user',
  scope: 'products:write',
  params: productParams,
  response: empty,
  errors: ['PRODUCT_NOT_FOUND'],
  example: { params: { id: EXAMPLE_ID } },
});

// --- A published product ---

export const getProductAccess = defineRoute({
  method: 'GET',
  path: '/api/products/{id}/access',
  operationId: 'getProductAccess',
  tag: 'Catalogue',
  summary: "What the product page's button offers the caller: download, buy or subscribe, or why it cannot be bought",
  description: 'Signed out: `owned` is false for a paid product (the button still offers to buy, after logging in).',
  auth: 'public',
  params: productParams,
  response: json(ProductAccessSchema),
  errors: ['PRODUCT_NOT_FOUND'],
  example: { params: { id: EXAMPLE_ID } },
});

export const downloadProduct = defineRoute({
  method: 'POST',
  path: '/api/products/{id}/download',
  operationId: 'downloadProduct',
  tag: 'Catalogue',
  summary: 'Download a product: its text, link and file links, by delivery type (spec section 7)',
  description:
    'Signed-in callers only: a visitor gets 401 UNAUTHENTICATED "Please log in to download this product". ' +
    'A paid product is delivered to its creator and its buyers; anyone else gets 402 PAYMENT_REQUIRED.',
  auth: 'public',
  params: productParams,
  response: json(DownloadResultSchema),
  errors: ['UNAUTHENTICATED', 'DOWNLOAD_UNAVAILABLE', 'PAYMENT_REQUIRED', 'NO_DOWNLOADABLE_CONTENT', 'DOWNLOAD_LOOKUP_FAILED', 'DOWNLOAD_FAILED'],
  example: { params: { id: EXAMPLE_ID } },
});

export const getProductFile = defineRoute({
  method: 'GET',
  path: '/api/products/{id}/files/{name}',
  operationId: 'getProductFile',
  tag: 'Catalogue',
  summary: 'A private deliverable file, for a signed-in caller who downloaded the product and may still access it',
  description: 'The file itself, as an attachment (its content type follows its extension).',
  auth: 'public',
  params: z.strictObject({ id: uuid(), name: z.string().check(z.minLength(1), z.maxLength(255)) }),
  response: file('application/octet-stream'),
  errors: ['UNAUTHENTICATED', 'DOWNLOAD_UNAVAILABLE', 'PAYMENT_REQUIRED', 'FORBIDDEN', 'NOT_FOUND'],
  example: { params: { id: EXAMPLE_ID, name: 'templates.zip' } },
});

export const recordProductView = defineRoute({
  method: 'POST',
  path: '/api/products/{id}/view',
  operationId: 'recordProductView',
  tag: 'Catalogue',
  summary: 'Record a view (or preview) of a published product',
  description:
    'Counted once per visitor per product per UTC day: a signed-in user by account, a visitor by the toolmint_visitor cookie this answer sets. An empty body is a plain view.',
  auth: 'public',
  params: productParams,
  body: json(
    z.prefault(
      z.strictObject({
        /** The browser tab's session id, kept with the view for the creator's analytics. */
        sessionId: z.optional(userText({ min: 1, max: 100 })),
        type: z._default(z.enum(INTERACTION_TYPES), 'view'),
      }),
      {},
    ),
  ),
  response: empty,
  errors: ['PRODUCT_NOT_FOUND'],
  example: { params: { id: EXAMPLE_ID }, body: { sessionId: 'tab-session-id', type: 'view' } },
});

export const productRoutes = [listMyProducts, getMyProduct, deleteMyProduct, getProductAccess, downloadProduct, getProductFile, recordProductView] as const;
