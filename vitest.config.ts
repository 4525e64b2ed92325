/**
 * Two projects: unit (pure functions) and integration (services and API handlers against a
 * real database: PGlite in memory by default, the PostgreSQL of DATABASE_URL through the
 * production Neon driver when it is set).
 */
import { defineConfig } from 'vitest/config';
import LongFilesFirst from './tests/support/long-files-first.ts';

export default defineConfig({
  // `@/...` imports: the paths of tsconfig.json (docs/decisions/021).
  resolve: { tsconfigPaths: true },
  test: {
    // Vitest's default is one worker less than the cores: one worker on these 2-core machines.
    // The integration files are independent (each has its own database, data folder and ports),
    // and spend much of their time waiting on the database or a server: two workers on the
    // embedded database, three on a PostgreSQL server, which does the queries in its own
    // processes (docs/decisions/046).
    maxWorkers: process.env['DATABASE_URL'] ? 3 : 2,
    // The long integration files first, also on a clone that has no record of the last run.
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          // A unit test takes milliseconds; Vitest's 5 and 10 s failed a synchronous file test once
          // in CI when the whole machine stalled for 11 s beside other work (a sync test and hook
          // cannot be interrupted, only measured). A hang still fails, after 30 s.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // V8 can abort a worker ("Check failed: jit_page.has_value()") while PGlite's WebAssembly
          // code is compiled and freed over and over, in its JIT-page tracking, which hardware
          // memory protection keys (PKU, on most server CPUs) switch on. The tests do not need it.
          execArgv: ['--no-memory-protection-keys'],
          // Every JSON answer is checked against its route's documented schema (docs/decisions/024).
          // Fresh test accounts publish at once; tests/integration/review-queue.test.ts turns the
          // new-creator review queue on per test (docs/decisions/031).
          env: { API_CHECK_RESPONSES: '1', NEW_CREATOR_REVIEW: 'off' },
          globalSetup: ['tests/support/integration-global-setup.ts'],
          // early-test-db.ts first: it starts the file's database before anything else loads.
          setupFiles: ['tests/support/early-test-db.ts', 'tests/support/fail-on-console-error.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
