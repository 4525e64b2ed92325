/**
 * Products: a creator's own products (list, read, create, replace, change, delete) and the
 * public side of a published product (search, what its button offers, download, its private
 * files, a view). docs/decisions/024 says what GET, PUT and PATCH mean here.
 */
import * as z from 'zod/mini';
import { CATEGORY_IDS, INTERACTION_TYPES, PRODUCT_STATUSES } from '../../domain';
import { defineRoute, empty, file, json, page, pageQuery, uuid } from '../contract';
import {
  DownloadResultSchema,
  OwnerProductSchema,
  ProductAccessSchema,
  ProductPatchSchema,
  ProductWriteSchema,
  ReviewDecisionSchema,
  ReviewQueueItemSchema,
  SearchResultSchema,
} from '../schemas/products';
import { MAX_PAGE_SIZE, PAGE_SIZE, SearchParamsSchema } from '../../search';
import { maxLength, strictObject, userText } from '../schemas/fields';
import { ProductVersionSchema } from '../schemas/versions';

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
  query: strictObject({
    search: z.optional(userText(maxLength(200, 'Search must be 200 characters or fewer'))),
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

/** A product a script could create (the example of the reference and docs/api.md). */
const EXAMPLE_PRODUCT = {
  title: 'Cold email sequences for SaaS founders',
  description:
    'Twelve proven cold email sequences with subject lines, follow-ups and a reply-tracking sheet, written for SaaS founders selling to small teams.',
  short_description: 'Cold email sequences that get replies',
  status: 'draft',
  price: 19,
  category_id: 'business',
  tags: ['email', 'sales', 'saas'],
  ai_tool_type: 'chatgpt',
  content_type: 'content-creation',
  pricing_model: 'one_time',
  content_delivery_type: 'text',
  content_text: 'Sequence 1: the problem-first opener.',
};

const PUBLISHING_ERRORS = ['NOT_A_CREATOR', 'EMAIL_NOT_VERIFIED', 'DUPLICATE_TITLE'] as const;

/** What a publish may answer while the review queue holds the creator's first products (docs/decisions/031). */
const REVIEW_NOTE =
  ' A listing (published, in review or rejected) whose title is nearly the same as another of yours is refused: 409 `DUPLICATE_TITLE`, with a message on `title`; drafts may share a title. ' +
  'Asking for `published` may answer `status: "in_review"`: while an account is younger than 7 days or its email is unverified, its products wait for an administrator until 3 of them have been approved (unless the operator set NEW_CREATOR_REVIEW=off). ' +
  'A product `rejected` there carries the reason in `review_note`; sending `published` again submits it again.';

export const createMyProduct = defineRoute({
  method: 'POST',
  path: '/api/me/products',
  operationId: 'createMyProduct',
  tag: 'Products',
  summary: 'Create a product (a draft unless `status` says otherwise)',
  description:
    'Required: `title` (10 to 100 characters), `description` (50 to 1000) and `content_delivery_type`; every other field has a default, ' +
    'except the metrics (`integration_complexity`, `success_rate`, `avg_setup_time`) and `technical_level`: left out they are not set (null), and the product page does not show them. ' +
    'An unknown field or enum value is a 400 naming it; `null` means absent. Publishing needs a creator account with a verified email. ' +
    'Images and files are uploaded first (POST /api/uploads/images, /api/uploads/files) and referenced by URL.' +
    REVIEW_NOTE,
  auth: 'user',
  scope: 'products:write',
  body: json(ProductWriteSchema),
  status: 201,
  response: json(OwnerProductSchema),
  errors: PUBLISHING_ERRORS,
  example: { body: EXAMPLE_PRODUCT },
});

export const replaceMyProduct = defineRoute({
  method: 'PUT',
  path: '/api/me/products/{id}',
  operationId: 'replaceMyProduct',
  tag: 'Products',
  summary: 'Replace one of your products: every field as sent, a field left out as on a new product',
  description:
    'The JSON of GET /api/me/products/{id} is accepted unchanged: its read-only fields (id, creator_id, counters, rating, community_score, timestamps, qualityScore) are ignored and `null` means absent. ' +
    'Validated as strictly as POST. To change some fields only, use PATCH.' +
    REVIEW_NOTE,
  auth: 'user',
  scope: 'products:write',
  params: productParams,
  body: json(ProductWriteSchema),
  response: json(OwnerProductSchema),
  errors: ['PRODUCT_NOT_FOUND', ...PUBLISHING_ERRORS],
  example: { params: { id: EXAMPLE_ID }, body: EXAMPLE_PRODUCT },
});

export const patchMyProduct = defineRoute({
  method: 'PATCH',
  path: '/api/me/products/{id}',
  operationId: 'patchMyProduct',
  tag: 'Products',
  summary: 'Change some fields of one of your products; the others stay as they are',
  description:
    'Any field of the product, each validated as on PUT: `{ "title": "New title" }` changes the title only, `{ "status": "published" }` publishes. ' +
    '`null` (or an empty text) empties an optional field, a metric or `technical_level` included (then not shown on the product page); a title, a description, a status or a list cannot be null (send [] to empty a list). ' +
    'An unknown field or enum value is a 400 naming it; read-only fields are ignored.' +
    REVIEW_NOTE,
  auth: 'user',
  scope: 'products:write',
  params: productParams,
  body: json(ProductPatchSchema),
  response: json(OwnerProductSchema),
  errors: ['PRODUCT_NOT_FOUND', ...PUBLISHING_ERRORS],
  example: { params: { id: EXAMPLE_ID }, body: { title: 'Cold email sequences for B2B founders', status: 'published' } },
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

// --- The marketplace ---

export const searchProducts = defineRoute({
  method: 'GET',
  path: '/api/products',
  operationId: 'searchProducts',
  tag: 'Catalogue',
  summary: 'Search published products: full text with typo correction, filters and sorts, a page at a time',
  description:
    `\`limit\` is 1 to ${MAX_PAGE_SIZE} (default ${PAGE_SIZE}); send \`nextCursor\` back as \`cursor\` for the next page (with the same filters and sort). ` +
    '`corrections` lists the words the search corrected ({ "chatbto": "chatbot" }). Under load it may answer 503 SERVER_BUSY with Retry-After, or 504 QUERY_TIMEOUT.',
  auth: 'public',
  query: strictObject(SearchParamsSchema.shape),
  response: json(SearchResultSchema),
  errors: ['SERVER_BUSY', 'QUERY_TIMEOUT'],
  example: { query: { search: 'email', category: 'business', sort: 'newest', limit: '24' } },
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
  // The stored file's own type (a zip, a PDF, an image...): any media type.
  response: file('*/*'),
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
      strictObject({
        /** The browser tab's session id, kept with the view for the creator's analytics. */
        sessionId: z.optional(userText((id) => (id ? maxLength(100, 'At most 100 characters')(id) : 'Required'))),
        type: z._default(z.enum(INTERACTION_TYPES), 'view'),
      }),
      {},
    ),
  ),
  response: empty,
  errors: ['PRODUCT_NOT_FOUND'],
  example: { params: { id: EXAMPLE_ID }, body: { sessionId: 'tab-session-id', type: 'view' } },
});

// --- The review queue (administrators, docs/decisions/031) ---

export const listReviewQueue = defineRoute({
  method: 'GET',
  path: '/api/admin/products',
  operationId: 'listReviewQueue',
  tag: 'Admin',
  summary: 'Products waiting for review, oldest first (administrators only)',
  description:
    'The first 3 products of an account younger than 7 days, or with an unverified email, wait here before they are public (unless NEW_CREATOR_REVIEW=off). Paginated: send `nextCursor` back as `cursor`.',
  auth: 'user',
  query: strictObject({ ...pageQuery() }),
  response: json(page(ReviewQueueItemSchema)),
  errors: ['FORBIDDEN'],
  example: { query: { limit: '50' } },
});

export const approveProduct = defineRoute({
  method: 'POST',
  path: '/api/admin/products/{id}/approve',
  operationId: 'approveProduct',
  tag: 'Admin',
  summary: 'Approve a product in review: it is published (administrators only)',
  description:
    'Published as a creator publishes: its pages are rendered again and the creator’s product.published webhook is sent. The creator is emailed. A product no longer in review: 409 NOT_IN_REVIEW.',
  auth: 'user',
  params: productParams,
  response: json(ReviewDecisionSchema),
  errors: ['FORBIDDEN', 'PRODUCT_NOT_FOUND', 'NOT_IN_REVIEW'],
  example: { params: { id: EXAMPLE_ID } },
});

export const rejectProduct = defineRoute({
  method: 'POST',
  path: '/api/admin/products/{id}/reject',
  operationId: 'rejectProduct',
  tag: 'Admin',
  summary: 'Reject a product in review, with the reason its creator reads (administrators only)',
  description:
    '`reason` (1 to 1000 characters) is emailed to the creator and shown in their studio; they may edit the product and publish it again, which submits it again.',
  auth: 'user',
  params: productParams,
  body: json(
    strictObject({
      reason: userText(
        (value) => (!value ? 'Say why, so the creator knows what to change' : maxLength(1000, 'The reason must be 1000 characters or fewer')(value)),
        { required: 'Say why, so the creator knows what to change' },
      ),
    }),
  ),
  response: json(ReviewDecisionSchema),
  errors: ['FORBIDDEN', 'PRODUCT_NOT_FOUND', 'NOT_IN_REVIEW'],
  example: { params: { id: EXAMPLE_ID }, body: { reason: 'This repeats a listing already in the marketplace. Describe what your version adds.' } },
});

export const listProductVersions = defineRoute({
  method: 'GET',
  path: '/api/products/{id}/versions',
  operationId: 'listProductVersions',
  tag: 'Catalogue',
  summary: "A published product's released versions with their release notes, newest first ('What\u2019s new')",
  description:
    'A creator sets `version` and `release_notes` on the product (PUT or PATCH /api/me/products/{id}); saving it published at a new version releases it and notifies its owners. Pages of `limit` with `cursor`.',
  auth: 'public',
  params: productParams,
  query: strictObject({ ...pageQuery() }),
  response: json(page(ProductVersionSchema)),
  errors: ['PRODUCT_NOT_FOUND'],
  example: { params: { id: EXAMPLE_ID } },
});

export const productRoutes = [
  searchProducts,
  listMyProducts,
  createMyProduct,
  getMyProduct,
  replaceMyProduct,
  patchMyProduct,
  deleteMyProduct,
  getProductAccess,
  downloadProduct,
  getProductFile,
  recordProductView,
  listReviewQueue,
  approveProduct,
  rejectProduct,
  listProductVersions,
] as const;
