/**
 * The one build of a test run (issue 26, docs/decisions/046): every server the tests start,
 * integration and e2e alike, serves this output folder. The build names no origin (each
 * server fills in its own), so servers on any port share it; the first to start builds it
 * and the others wait for it (ensureBuild in scripts/lib/astro-build.ts takes a lock), and a
 * later run reuses it while the sources are unchanged.
 */
import path from 'node:path';

export const TEST_OUT_DIR = path.resolve('.test-data', 'dist');
