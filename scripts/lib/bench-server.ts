/**
 * The server `npm run bench:search` measures, run as a process of its own: what `npm start`
 * runs once its database and build are ready (scripts/lib/app-server.ts: the job worker, the
 * page publisher and the SiteServer), over an already built site (OUT_DIR) and an already
 * prepared database (DATA_DIR, or DATABASE_URL with DATABASE_WS_PROXY), so that the cap, the
 * deadlines and /api/health are measured beside the work users' servers do. Left out: the
 * build, the seeding, and the publisher's full rendering of the catalogue at start, which
 * `npm start` is losing (issue 30: pages render on demand); catalogue pages a request asks for
 * are rendered by their routes and stored, as under `npm start`.
 * `node --import tsx scripts/lib/bench-server.ts`; stops on SIGTERM.
 */
import path from 'node:path';
import { getEnv } from '@/env';
import { startApp } from './app-server';
import { exitWith } from './preflight';
import { openDatabase } from './prepare-data';

async function main(): Promise<void> {
  const env = getEnv();
  const handle = await openDatabase();
  const app = await startApp(handle, path.resolve(env.OUT_DIR), env);
  console.log(`[bench-server] listening on http://${env.HOST}:${env.PORT} (${handle.driver}, worker and page publisher running)`);
  const stop = async () => {
    app.site.server.closeAllConnections();
    await app.stop();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch(exitWith);
