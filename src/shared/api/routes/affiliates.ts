/** Affiliates (issue 31, docs/decisions/081): a creator's setting, an affiliate's link and their figures. */
import * as z from 'zod/mini';
import { defineRoute, json, uuid } from '../contract';
import { strictObject } from '../schemas/fields';
import { AffiliatePercentSchema, AffiliatesOverviewSchema, MAX_AFFILIATE_PERCENT, MIN_AFFILIATE_PERCENT, REF_COOKIE, REF_COOKIE_DAYS } from '../../affiliates';

const EXAMPLE_ID = '0b6f5c1e-8d2a-4c39-9a57-2f1e3d4c5b6a';

export const setProductAffiliates = defineRoute({
  method: 'PUT',
  path: '/api/studio/products/{id}/affiliates',
  operationId: 'setProductAffiliates',
  tag: 'Affiliates',
  summary: 'Turn affiliates on (with a commission) or off for one of your products',
  description:
    `\`percent\`: the affiliate's commission, a whole percent from ${MIN_AFFILIATE_PERCENT} to ${MAX_AFFILIATE_PERCENT} of your net (the price paid less the platform fee), rounded down to the cent; null turns affiliates off (links stop crediting; sales already made keep their commission). ` +
    'A subscription bought through a link pays its affiliate the commission of every payment, renewals included, at the percent of the first one. ' +
    "The studio's product editor sets it too (Pricing: 'Affiliates'); the product's `affiliate_percent` shows it. Another creator's product is a 404.",
  auth: 'verified',
  scope: 'products:write',
  params: z.strictObject({ id: uuid() }),
  body: json(strictObject({ percent: AffiliatePercentSchema })),
  response: json(z.object({ productId: z.string(), affiliatePercent: z.nullable(z.int()) })),
  errors: ['PRODUCT_NOT_FOUND'],
  example: { params: { id: EXAMPLE_ID }, body: { percent: 30 } },
});

export const getAffiliateLink = defineRoute({
  method: 'POST',
  path: '/api/products/{id}/affiliate-link',
  operationId: 'getAffiliateLink',
  tag: 'Affiliates',
  summary: 'Get your affiliate link for a product that offers affiliates (made once: asking again returns it)',
  description:
    "`url` is `/a/{code}`, which redirects to `/product/{id}?ref={code}`; that page's visit sets the first-party cookie " +
    `\`${REF_COOKIE}\` (${REF_COOKIE_DAYS} days, HttpOnly; the last link clicked wins), and a purchase made with it credits you the product's commission. ` +
    "The product's creator cannot be its affiliate (422 AFFILIATE_SELF_REFERRAL); a product without affiliates answers 409 AFFILIATES_OFF. A buyer using their own link credits nobody. Needs a verified email.",
  auth: 'verified',
  params: z.strictObject({ id: uuid() }),
  status: 201,
  response: json(z.object({ code: z.string(), productId: z.string(), percent: z.int(), url: z.string() })),
  errors: ['PRODUCT_NOT_FOUND', 'AFFILIATE_SELF_REFERRAL', 'AFFILIATES_OFF'],
  example: { params: { id: EXAMPLE_ID } },
});

export const listMyAffiliateLinks = defineRoute({
  method: 'GET',
  path: '/api/me/affiliates',
  operationId: 'listMyAffiliateLinks',
  tag: 'Affiliates',
  summary: 'Your affiliate links with their clicks, paid sales and earnings, and your balance',
  description:
    '`clicks` counts visits through the link (each page load with its ref); `sales` the paid orders credited to it (refunded ones are not counted); `earningsCents` your commissions less those taken back by refunds, in cents. `balanceCents`, `availableCents` and `heldCents` are your ledger’s (commissions are held like sales, then paid out by POST /api/studio/payouts; with Stripe Connect each commission is transferred to your connected account when the sale is made, or once you set up payouts, and a refund takes it back). A refund of a commission already paid out makes the balance negative: your next commissions pay it back first. Only your own links.',
  auth: 'user',
  response: json(AffiliatesOverviewSchema),
});

export const affiliateRoutes = [setProductAffiliates, getAffiliateLink, listMyAffiliateLinks] as const;
