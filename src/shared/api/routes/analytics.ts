/**
 * Where buyers come from (issue 31, docs/decisions/079): the product page's visit beacon and
 * the creator's figures as CSV. The figures themselves are on /sales and /sales/products/{id}.
 */
import * as z from 'zod/mini';
import { defineRoute, empty, file, json, uuid } from '../contract';
import { maxLength, strictObject, userText } from '../schemas/fields';
import {
  DEFAULT_TRAFFIC_RANGE,
  MAX_HOST_LENGTH,
  MAX_UTM_LENGTH,
  parseTrafficRange,
  SOURCE_COOKIE,
  SOURCE_COOKIE_DAYS,
  TRAFFIC_RANGE_MESSAGE,
  TRAFFIC_RANGE_VALUES,
} from '../../traffic';
import { REF_COOKIE, REF_COOKIE_DAYS } from '../../affiliates';

const EXAMPLE_ID = '0b6f5c1e-8d2a-4c39-9a57-2f1e3d4c5b6a';

const capped = (max: number) => z.optional(z.nullable(userText(maxLength(max, `At most ${max} characters`))));

export const recordProductVisit = defineRoute({
  method: 'POST',
  path: '/api/products/{id}/visit',
  operationId: 'recordProductVisit',
  tag: 'Catalogue',
  summary: "Record a visit of a published product's page with where it came from (the page's own beacon)",
  description:
    `Counted once per visitor per product per UTC day: the visitor is a hash of the day's random salt, the client address, the user agent and the product (neither address nor agent is stored; the salt is discarded after its day). ` +
    "`referrer` is the referring page's host (a URL is reduced to its host; this site's own host counts as direct); the utm_* values are the landing URL's, lower-cased. " +
    `A visit with a source sets the first-party cookie \`${SOURCE_COOKIE}\` (${SOURCE_COOKIE_DAYS} days, HttpOnly) holding only that source, which a checkout started later records on its order. ` +
    `\`ref\` is the page URL's affiliate ref (docs/decisions/081): a link of this product that still offers affiliates counts a click and sets the first-party cookie \`${REF_COOKIE}\` (${REF_COOKIE_DAYS} days, HttpOnly, SameSite=Lax; the last link wins); any other ref is refused with 422 AFFILIATE_LINK_INVALID (the visit itself is still counted) and sets nothing.`,
  auth: 'public',
  params: z.strictObject({ id: uuid() }),
  body: json(
    z.prefault(
      strictObject({
        referrer: capped(MAX_HOST_LENGTH),
        utmSource: capped(MAX_UTM_LENGTH),
        utmMedium: capped(MAX_UTM_LENGTH),
        utmCampaign: capped(MAX_UTM_LENGTH),
        ref: capped(32),
      }),
      {},
    ),
  ),
  response: empty,
  errors: ['PRODUCT_NOT_FOUND', 'AFFILIATE_LINK_INVALID'],
  example: { params: { id: EXAMPLE_ID }, body: { referrer: 'news.ycombinator.com', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'launch' } },
});

export const exportTrafficCsv = defineRoute({
  method: 'GET',
  path: '/api/studio/analytics.csv',
  operationId: 'exportTrafficCsv',
  tag: 'Sales',
  summary: "Visitors, checkouts, paid orders and revenue per day and source, as CSV (the caller's products)",
  description:
    "The last 30 UTC days (`days`: 7, 30 or 90; anything else is a 400 naming `days`), one line per day and source: visitors (once per visitor per product per day), checkouts started, paid orders (refunded ones included), revenue in dollars (paid orders not refunded, before tax), and the conversion of each step. A source is the visit's utm_source, else its referrer's host, else 'direct'; an order with a discount code is 'code: CODE'. `productId` limits it to one of the caller's products: another creator's product is a 404.",
  auth: 'user',
  scope: 'sales:read',
  query: z.strictObject({
    productId: z.optional(uuid()),
    // Text in the query string: one of the ranges' numbers, as text, then the number.
    days: z.optional(
      z.pipe(
        z.enum(TRAFFIC_RANGE_VALUES, { error: TRAFFIC_RANGE_MESSAGE }),
        z.transform((v) => parseTrafficRange(v) ?? DEFAULT_TRAFFIC_RANGE),
      ),
    ),
  }),
  response: file('text/csv'),
  errors: ['PRODUCT_NOT_FOUND'],
  example: { query: { productId: EXAMPLE_ID, days: '90' } },
});

export const analyticsRoutes = [recordProductVisit, exportTrafficCsv] as const;
