/**
 * End-to-end tests in a real Chromium against the built app served by `npm start` on a
 * throwaway data folder. Debian's /usr/bin/chromium is used when present (Playwright's own
 * browser download does not work on these machines). The port is E2E_PORT, or a free one
 * (tests/support/e2e-env.ts).
 */
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import {
  E2E_DATA_DIR as DATA_DIR,
  E2E_PORT as PORT,
  E2E_RECEIVER_PORT as RECEIVER_PORT,
  E2E_REVIEW_DATA_DIR as REVIEW_DATA_DIR,
  E2E_REVIEW_PORT as REVIEW_PORT,
} from './tests/support/e2e-env';

const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

/**
 * The review-queue server (docs/decisions/031) costs a build of its own, so it starts only when
 * its spec runs: a run naming no spec file (the whole suite), or one naming review-queue.
 */
const specArgs = process.argv.slice(process.argv.indexOf('test') + 1).filter((a) => !a.startsWith('-'));
const withReviewServer = process.argv.includes('test') && (specArgs.length === 0 || specArgs.some((a) => a.includes('review-queue')));

/** What both servers share: a throwaway data folder, scaled write limits, no SITE_URL, no DATABASE_URL. */
const serverEnv = (port: number, dataDir: string) => ({
  API_CHECK_RESPONSES: '1',
  RATE_LIMIT_SCALE: '50',
  PORT: String(port),
  HOST: 'localhost',
  DATA_DIR: dataDir,
  OUT_DIR: `${dataDir}/dist`,
  SITE_URL: '',
  DATABASE_URL: '',
  // The built-in tools' public changelog feeds are not seeded: no test server reaches the
  // internet (docs/decisions/039); tests/e2e/tool-feeds.spec.ts serves its own feed.
  CHANGELOG_SEED_SOURCES: 'off',
});

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
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
    {
      command: `rm -rf ${DATA_DIR} && tsx scripts/start.ts`,
      url: `http://localhost:${PORT}/api/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      // Every e2e request comes from 127.0.0.1: every rate limit (auth and writes) is scaled
      // up so the suite's many sign-ins and writes fit, while the 429s are tested in the integration tests.
      // SITE_URL is left empty so the server derives it from HOST and PORT, as `npm start` does.
      // OUTBOUND_ALLOW_HOSTS lets webhooks reach the receiver of tests/e2e/webhooks.spec.ts, and changelog fetches the
      // feed server of tests/e2e/tool-feeds.spec.ts on the same port (and nothing else private).
      // NEW_CREATOR_REVIEW=off: the specs' new creators publish at once; the queue has its own server below.
      env: { ...serverEnv(PORT, DATA_DIR), OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${RECEIVER_PORT}`, NEW_CREATOR_REVIEW: 'off' },
    },
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
