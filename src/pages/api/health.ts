/**
 * GET /api/health: the server and its database answer. Used by the start-up check and tests.
 */
import { sql } from 'kysely';
import { getDbHandle } from '../../../db/database';
import { handle, json } from '../../../functions/_shared/http';

export const GET = handle(async () => {
  const db = await getDbHandle();
  const row = await sql<{ products: number }>`select count(*)::int as products from products where status = 'published'`.execute(db.db);
  return json({ status: 'ok', driver: db.driver, publishedProducts: row.rows[0]?.products ?? 0 });
});
