/** GET /api/admin/orders?q=: every order, searchable by buyer email or order number (admins only). */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json } from '@/functions/_shared/http';
import { listOrdersForAdmin } from '@/functions/payments/orders.service';

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await listOrdersForAdmin(await getDb(), user.id, { q: context.url.searchParams.get('q') ?? undefined }));
});
