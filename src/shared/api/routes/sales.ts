/** A creator's sales, for scripts and dashboards (docs/decisions/025). */
import * as z from 'zod/mini';
import { defineRoute, json, page, pageQuery } from '../contract';
import { SALES_PAGE_SIZE, SaleItemSchema } from '../../sales';

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

export const salesRoutes = [listMySales] as const;
