/** GET /api/me/affiliates: the caller's affiliate links with their figures, and their balance. docs/decisions/081. */
import { getDb } from '@/db/database';
import { getEnv } from '@/env';
import { endpoint } from '@/functions/_shared/endpoint';
import { getAffiliatesOverview } from '@/functions/payments/affiliates.service';
import { listMyAffiliateLinks as route } from '@/src/shared/api/routes/affiliates';

export const GET = endpoint(route, async ({ user }) => getAffiliatesOverview(await getDb(), user.id, getEnv().SITE_URL));
