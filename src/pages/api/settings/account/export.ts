/** GET /api/settings/account/export: 'Download my data', as a JSON attachment. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { json } from '@/functions/_shared/http';
import { exportMyData } from '@/functions/account/account.service';
import * as routes from '@/src/shared/api/routes/account';

export const GET = endpoint(routes.exportAccountData, async ({ user }) => {
  const data = await exportMyData(await getDb(), user.id);
  return json(data, { headers: { 'content-disposition': 'attachment; filename="toolmint-data.json"', 'cache-control': 'private, no-store' } });
});
