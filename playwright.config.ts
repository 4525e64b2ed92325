/**
 * End-to-end tests in a real Chromium against the built app served by `npm start`: one server
 * per worker, each on a throwaway data folder, all serving the run's one build
 * (tests/support/e2e-env.ts, docs/decisions/046). Debian's /usr/bin/chromium is used when
 * present (Playwright's own browser download does not work on these machines). Server 0's port
 * is E2E_PORT, or a free one; E2E_WORKERS sets how many workers (and servers) run.
 */
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT, E2E_REVIEW_DATA_DIR as REVIEW_DATA_DIR, E2E_REVIEW_PORT as REVIEW_PORT, E2E_SERVERS, E2E_WORKERS } from './tests/support/e2e-env';
import { TEST_OUT_DIR } from './tests/support/test-build';

const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

/**
 * The review-queue server (docs/decisions/031) starts only when its spec runs: a run naming no
 * spec file (the whole suite), or one naming review-queue.
 */
const specArgs = process.argv.slice(process.argv.indexOf('test') + 1).filter((a) => !a.startsWith('-'));
const withReviewServer = process.argv.includes('test') && (specArgs.length === 0 || specArgs.some((a) => a.includes('review-queue')));

/**
 * What every server shares: the test run's one build (tests/support/test-build.ts: the first
 * server to start builds it, the others wait and reuse it), a throwaway data folder each,
 * scaled write limits, no SITE_URL, no DATABASE_URL.
 */
const serverEnv = (port: number, dataDir: string) => ({
  API_CHECK_RESPONSES: '1',
  RATE_LIMIT_SCALE: '50',
  PORT: String(port),
  HOST: 'localhost',
  DATA_DIR: dataDir,
  OUT_DIR: TEST_OUT_DIR,
  SITE_URL: '',
  DATABASE_URL: '',
  // The built-in tools' public changelog feeds are not seeded: no test server reaches the
  // internet (docs/decisions/039); tests/e2e/tool-feeds.spec.ts serves its own feed.
  CHANGELOG_SEED_SOURCES: 'off',
  // A journey pays out a sale made a minute before; the hold itself is tested in
  // tests/integration/ledger-payouts.test.ts (docs/decisions/048).
  PAYOUT_HOLD_DAYS: '0',
});

export default defineConfig({
  testDir: 'tests/e2e',
  // One server per worker (tests/support/e2e-env.ts); a spec file runs whole in one worker.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    // This worker's own server (the runner sees server 0).
    baseURL: `http://localhost:${E2E_PORT}`,
    // Recording a trace (DOM snapshots and screenshots at every action) costs every test its
    // CPU, passing or not, on a 2-core machine that has none to spare; a failure's message and
    // call log are printed either way. `E2E_TRACE=retain-on-failure npm run test:e2e` (or
    // `--trace on`) records them when a failure needs one (docs/decisions/046).
    trace: (process.env['E2E_TRACE'] as 'on' | 'retain-on-failure' | undefined) ?? 'off',
    ...devices['Desktop Chrome'],
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: [
    ...E2E_SERVERS.map(({ port, dataDir, receiverPort }) => ({
      command: `rm -rf ${dataDir} && tsx scripts/start.ts`,
      url: `http://localhost:${port}/api/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      // Every e2e request comes from 127.0.0.1: every rate limit (auth and writes) is scaled
      // up so the suite's many sign-ins and writes fit, while the 429s are tested in the integration tests.
      // SITE_URL is left empty so the server derives it from HOST and PORT, as `npm start` does.
      // OUTBOUND_ALLOW_HOSTS lets webhooks reach the receiver of tests/e2e/webhooks.spec.ts, and changelog fetches the
      // feed server of tests/e2e/tool-feeds.spec.ts on the same port (and nothing else private): this worker's.
      // NEW_CREATOR_REVIEW=off: the specs' new creators publish at once; the queue has its own server below.
      env: { ...serverEnv(port, dataDir), OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${receiverPort}`, NEW_CREATOR_REVIEW: 'off' },
    })),
    ...(withReviewServer
      ? [
          {
            command: `rm -rf ${REVIEW_DATA_DIR} && tsx scripts/start.ts`,
            url: `http://localhost:${REVIEW_PORT}/api/health`,
            timeout: 300_000,
            reuseExistingServer: false,
            stdout: 'pipe' as const,
            env: { ...serverEnv(REVIEW_PORT, REVIEW_DATA_DIR), NEW_CREATOR_REVIEW: 'on' },
          },
        ]
      : []),
  ],
});
