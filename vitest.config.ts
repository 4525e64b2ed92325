/**
 * Two projects: unit (pure functions) and integration (services and API handlers against a
 * real database: PGlite in memory by default, the PostgreSQL of DATABASE_URL through the
 * production Neon driver when it is set).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `@/...` imports: the paths of tsconfig.json (docs/decisions/021).
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/fail-on-console-error.ts'],
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
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
