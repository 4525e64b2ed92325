/**
 * GET /api/health: the server and its database answer. Used by the start-up check, tests and
 * the benchmarks. `select 1` touches no table: under load it waits for nothing but its turn
 * (a count over products took seconds at 100k on PGlite, docs/decisions/016).
 */
import { getDbHandle, pingDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getHealth } from '@/src/shared/api/routes/system';

export const GET = endpoint(getHealth, async () => {
  const db = await getDbHandle();
  await pingDb(db.db);
  return { status: 'ok' as const, driver: db.driver };
});
