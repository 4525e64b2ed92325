/** PUT /api/studio/products/{id}/affiliates turns affiliates on (with a percent) or off for one of the caller's products. docs/decisions/081. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { setAffiliatePercent } from '@/functions/payments/affiliates.service';
import { setProductAffiliates as route } from '@/src/shared/api/routes/affiliates';

export const PUT = endpoint(route, async ({ user, params, body }) => setAffiliatePercent(await getDb(), user.id, params.id, body.percent));
