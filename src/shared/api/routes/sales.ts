/** A creator's sales, for scripts and dashboards (docs/decisions/025), and their discount codes (docs/decisions/075). */
import * as z from 'zod/mini';
import { defineRoute, json, page, pageQuery, uuid } from '../contract';
import { SALES_PAGE_SIZE, SaleItemSchema } from '../../sales';
import { DiscountCodeInputSchema, DiscountCodePatchSchema } from '../../discounts';
import { BundleInputSchema, BundleItemsInputSchema, BundleViewSchema } from '../../bundles';
import { DiscountCodeViewSchema } from '../schemas/payments';
import {
  CustomerEmailInputSchema,
  CustomerEmailListSchema,
  CustomerEmailPreviewInputSchema,
  CustomerEmailPreviewSchema,
  CustomerEmailTestResultSchema,
  CustomerEmailViewSchema,
} from '../../customer-emails';

export const listMySales = defineRoute({
  method: 'GET',
  path: '/api/me/sales',
  operationId: 'listMySales',
  tag: 'Sales',
  summary: "The caller's sales (paid and refunded orders), newest first",
  description: 'Amounts are integer cents, as the server computed them when the order was paid. 50 a page by default.',
  auth: 'user',
  scope: 'sales:read',
  query: z.strictObject({ ...pageQuery(SALES_PAGE_SIZE) }),
  response: json(page(SaleItemSchema)),
  example: { query: { limit: '50' } },
});

const EXAMPLE_CODE = '4c2b7e1a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';

export const listDiscountCodes = defineRoute({
  method: 'GET',
  path: '/api/studio/discounts',
  operationId: 'listDiscountCodes',
  tag: 'Discount codes',
  summary: "The caller's discount codes with their uses, paid orders and revenue, newest first",
  description:
    '`uses` counts the checkouts holding the code and the orders paid with it (what `maxUses` limits); `paidOrders`, `revenueCents` (what they paid before tax) and `discountCents` count paid orders only. At most 200 codes, so one page holds them all: `nextCursor` is always null.',
  auth: 'user',
  scope: 'sales:read',
  response: json(page(DiscountCodeViewSchema)),
});

export const createDiscountCode = defineRoute({
  method: 'POST',
  path: '/api/studio/discounts',
  operationId: 'createDiscountCode',
  tag: 'Discount codes',
  summary: 'Create a discount code for all or some of your products',
  description:
    'A code of 3 to 32 letters, digits, `-` or `_`, case-insensitive and unique among your codes (409 DISCOUNT_CODE_TAKEN). `kind` `percent` takes `percentOff` (1-100), `fixed` takes `amountOffCents`. `productIds` null: every product of yours. `startsAt`/`endsAt`: ISO dates (a bare `YYYY-MM-DD` end date lasts the whole day, UTC). `maxUses` null: unlimited. `minPriceCents`: the price after the discount never goes below it (nor below 0). One code per checkout. Needs a verified email.',
  auth: 'verified',
  scope: 'products:write',
  body: json(DiscountCodeInputSchema),
  status: 201,
  response: json(DiscountCodeViewSchema),
  errors: ['DISCOUNT_CODE_TAKEN', 'DISCOUNT_LIMIT_REACHED'],
  example: {
    body: {
      code: 'LAUNCH',
      kind: 'percent',
      percentOff: 20,
      amountOffCents: null,
      productIds: null,
      startsAt: null,
      endsAt: '2026-12-31',
      maxUses: 100,
      minPriceCents: 0,
    },
  },
});

export const updateDiscountCode = defineRoute({
  method: 'PATCH',
  path: '/api/studio/discounts/{id}',
  operationId: 'updateDiscountCode',
  tag: 'Discount codes',
  summary: 'Change a code’s terms or turn it off and on (only the fields sent)',
  description:
    'The code itself stays. A checkout already started keeps the price it was given. `maxUses` cannot go below the uses taken. Another creator’s code answers 404, like one that does not exist.',
  auth: 'verified',
  scope: 'products:write',
  params: z.strictObject({ id: uuid() }),
  body: json(DiscountCodePatchSchema),
  response: json(DiscountCodeViewSchema),
  errors: ['DISCOUNT_NOT_FOUND'],
  example: { params: { id: EXAMPLE_CODE }, body: { isActive: false } },
});

// --- Bundles (docs/decisions/080) ---

const EXAMPLE_BUNDLE = '7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';
const EXAMPLE_ITEMS = ['2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d', '3b4c5d6e-7f8a-4b9c-8d1e-2f3a4b5c6d7e'];

export const listBundles = defineRoute({
  method: 'GET',
  path: '/api/studio/bundles',
  operationId: 'listBundles',
  tag: 'Bundles',
  summary: "The caller's bundles with their products, their prices alone and the saving, newest first",
  description: 'A bundle is a product of yours whose products are listed in `items`. `nextCursor` is always null.',
  auth: 'user',
  scope: 'products:read',
  response: json(page(BundleViewSchema)),
});

export const createBundle = defineRoute({
  method: 'POST',
  path: '/api/studio/bundles',
  operationId: 'createBundle',
  tag: 'Bundles',
  summary: 'Make a bundle of 2 to 20 of your published products, with one price',
  description:
    'The bundle is a product of yours, published (or in review, like any new product of a new account) with a text deliverable that points to the library; edit its title, description, images and price in the studio editor afterwards. Each product must be yours, published, sold at a fixed one-time price (no subscriptions, no pay what you want) and not a bundle (422 BUNDLE_ITEM_REFUSED, the reason under `productIds`). `priceCents` must be below the sum of their prices (422 BUNDLE_NOT_A_SAVING). Buying the bundle gives each product (in the buyer’s library); refunding it takes them back. A buyer who already owns some of the products pays the price less what they paid for those, never below $0. Needs a verified email.',
  auth: 'verified',
  scope: 'products:write',
  body: json(BundleInputSchema),
  status: 201,
  response: json(BundleViewSchema),
  errors: ['BUNDLE_ITEM_REFUSED', 'BUNDLE_NOT_A_SAVING'],
  example: { body: { title: 'Outreach starter pack', description: null, priceCents: 4900, productIds: EXAMPLE_ITEMS } },
});

export const setBundleItems = defineRoute({
  method: 'PUT',
  path: '/api/studio/bundles/{id}',
  operationId: 'setBundleItems',
  tag: 'Bundles',
  summary: 'Replace the products of one of your bundles',
  description:
    'All the products at once, by the same rules as creating a bundle; the bundle’s price (the product’s) must stay below their sum. Those who bought the bundle get the products it holds now. Another creator’s bundle answers 404, like one that does not exist.',
  auth: 'verified',
  scope: 'products:write',
  params: z.strictObject({ id: uuid() }),
  body: json(BundleItemsInputSchema),
  response: json(BundleViewSchema),
  errors: ['BUNDLE_NOT_FOUND', 'BUNDLE_ITEM_REFUSED', 'BUNDLE_NOT_A_SAVING'],
  example: { params: { id: EXAMPLE_BUNDLE }, body: { productIds: EXAMPLE_ITEMS } },
});

// --- Emails to customers (docs/decisions/078) ---

const EXAMPLE_EMAIL = {
  audience: 'all_products',
  productId: null,
  subject: 'Version 2 is out',
  body: 'Thank you for buying my templates.\n\n**Version 2** adds ten new sequences: [see what is new](/library).',
} as const;

export const listCustomerEmails = defineRoute({
  method: 'GET',
  path: '/api/studio/customer-emails',
  operationId: 'listCustomerEmails',
  tag: 'Emails to customers',
  summary: "The caller's emails to customers with their figures, the sends left today, and each audience's size",
  description:
    'Newest first, at most 200 (`nextCursor` is always null). Per email: `recipients` (counted when it was sent), `sent` (emails written to the outbox: recipients whose settings still allowed it when their batch ran), `delivered` (accepted by the mailer) and `unsubscribed` (recipients who used that email’s unsubscribe link, which stops the creator’s emails only). `limit` sends in any 24 hours; `remaining` now; `nextAt` when the next frees up (null unless none is left). `audiences`: how many accounts each audience reaches now (buyers with a paid, unrefunded order, or followers; each account once; without those who turned these emails off or stopped this creator’s, are suspended or deleted, or have no verified address). `optedOut`: how many people stopped this creator’s emails.',
  auth: 'user',
  scope: 'sales:read',
  response: json(CustomerEmailListSchema),
});

export const getCustomerEmail = defineRoute({
  method: 'GET',
  path: '/api/studio/customer-emails/{id}',
  operationId: 'getCustomerEmail',
  tag: 'Emails to customers',
  summary: 'One of your emails to customers, with its figures',
  description: 'Another creator’s email answers 404, like one that does not exist.',
  auth: 'user',
  scope: 'sales:read',
  params: z.strictObject({ id: uuid() }),
  response: json(CustomerEmailViewSchema),
  errors: ['CUSTOMER_EMAIL_NOT_FOUND'],
  example: { params: { id: EXAMPLE_CODE } },
});

export const previewCustomerEmail = defineRoute({
  method: 'POST',
  path: '/api/studio/customer-emails/preview',
  operationId: 'previewCustomerEmail',
  tag: 'Emails to customers',
  summary: 'The body’s Markdown as the email shows it: sanitized HTML',
  description:
    'The community’s Markdown (raw HTML is shown as text; links only http(s), mailto and site paths, made absolute; images become links). Nothing is stored or sent. Needs a verified email.',
  auth: 'verified',
  body: json(CustomerEmailPreviewInputSchema),
  response: json(CustomerEmailPreviewSchema),
  example: { body: { subject: EXAMPLE_EMAIL.subject, body: EXAMPLE_EMAIL.body } },
});

export const sendTestCustomerEmail = defineRoute({
  method: 'POST',
  path: '/api/studio/customer-emails/test',
  operationId: 'sendTestCustomerEmail',
  tag: 'Emails to customers',
  summary: 'Send the email to yourself only, as a test',
  description:
    'Goes to the caller’s own address (the answer names it), with "[Test]" before the subject; does not count against the daily limit. `audience` `product` takes `productId`, one of your products (404 otherwise). Needs a verified email.',
  auth: 'verified',
  body: json(CustomerEmailInputSchema),
  response: json(CustomerEmailTestResultSchema),
  errors: ['PRODUCT_NOT_FOUND'],
  example: { body: EXAMPLE_EMAIL },
});

export const sendCustomerEmail = defineRoute({
  method: 'POST',
  path: '/api/studio/customer-emails',
  operationId: 'sendCustomerEmail',
  tag: 'Emails to customers',
  summary: 'Send an email to the buyers of one product, of all your products, or to your followers',
  description:
    'At most 3 sends in any 24 hours (429 CUSTOMER_EMAIL_DAILY_LIMIT with `Retry-After`; a test does not count). An audience nobody in it would receive is 422 CUSTOMER_EMAIL_NO_RECIPIENTS. The answer comes at once; the emails are queued by a background job, 100 recipients a run, each recipient once, as their settings for "Emails from creators" say, each with a one-click unsubscribe (`List-Unsubscribe`, `List-Unsubscribe-Post`) that turns exactly those emails off. Needs a verified email.',
  auth: 'verified',
  body: json(CustomerEmailInputSchema),
  status: 201,
  response: json(CustomerEmailViewSchema),
  errors: ['PRODUCT_NOT_FOUND', 'CUSTOMER_EMAIL_DAILY_LIMIT', 'CUSTOMER_EMAIL_NO_RECIPIENTS'],
  example: { body: EXAMPLE_EMAIL },
});

export const salesRoutes = [
  listMySales,
  listDiscountCodes,
  createDiscountCode,
  updateDiscountCode,
  listBundles,
  createBundle,
  setBundleItems,
  listCustomerEmails,
  getCustomerEmail,
  previewCustomerEmail,
  sendTestCustomerEmail,
  sendCustomerEmail,
] as const;
