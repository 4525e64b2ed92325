/** A creator's sales, for scripts and dashboards (docs/decisions/025), and their discount codes (docs/decisions/075). */
import * as z from 'zod/mini';
import { defineRoute, json, page, pageQuery, uuid } from '../contract';
import { SALES_PAGE_SIZE, SaleItemSchema } from '../../sales';
import { DiscountCodeInputSchema, DiscountCodePatchSchema } from '../../discounts';
import { DiscountCodeViewSchema } from '../schemas/payments';

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

export const salesRoutes = [listMySales, listDiscountCodes, createDiscountCode, updateDiscountCode] as const;
