/**
 * The server `npm run bench:search` measures, run as a process of its own: the production
 * SiteServer (scripts/lib/serve.ts) over an already built site (OUT_DIR) and an already
 * prepared database (DATA_DIR, or DATABASE_URL with DATABASE_WS_PROXY): what `npm start`
 * serves once it is up, so that the cap, the deadlines and /api/health are measured as they
 * run in production. Left out: the build, the seeding, the sweep and the page publisher,
 * whose first rendering of every catalogue page (100k product pages) would compete with
 * the searches being measured; the catalogue pages then go to their on-demand routes.
 * `node --import tsx scripts/lib/bench-server.ts`; stops on SIGTERM.
 */
import path from 'node:path';
import { setDbHandle } from '@/db/database';
import { getEnv } from '@/env';
import { exitWith } from './preflight';
import { openDatabase } from './prepare-data';
import { SiteServer } from './serve';

async function main(): Promise<void> {
  const env = getEnv();
  const handle = await openDatabase();
  setDbHandle(handle);
  const site = new SiteServer();
  await site.swap(path.resolve(env.OUT_DIR));
  await site.listen(env.PORT, env.HOST);
  console.log(`[bench-server] listening on http://${env.HOST}:${env.PORT} (${handle.driver})`);
  const stop = async () => {
    site.server.close();
    site.server.closeAllConnections();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch(exitWith);
