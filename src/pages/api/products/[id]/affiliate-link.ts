/** POST /api/products/{id}/affiliate-link: the caller's affiliate link for a product (made once). docs/decisions/081. */
import { getDb } from '@/db/database';
import { getEnv } from '@/env';
import { endpoint } from '@/functions/_shared/endpoint';
import { getAffiliateLink } from '@/functions/payments/affiliates.service';
import { getAffiliateLink as route } from '@/src/shared/api/routes/affiliates';

export const POST = endpoint(route, async ({ user, params }) => getAffiliateLink(await getDb(), user, params.id, getEnv().SITE_URL));
