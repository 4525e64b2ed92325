/**
 * `npm start`: scripts/start.ts, run by plain Node from one bundled file (scripts/lib/start-bundle.mjs,
 * docs/decisions/068), bundled again first when its sources changed. Arguments (`--rebuild`)
 * and the environment (PORT, DATA_DIR...) reach it unchanged: it runs in this process.
 */
import { startBundle } from './lib/start-bundle.mjs';

// Stack traces name the TypeScript sources, as they did under tsx.
process.setSourceMapsEnabled(true);
await import(await startBundle());
