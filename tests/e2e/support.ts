/**
 * What the end-to-end specs share: demo logins, waiting for islands to hydrate, signing in
 * through the auth API, and failing a test on any script error or hydration mismatch.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readEmlText } from '../../functions/_shared/mailer';
import { E2E_DATA_DIR } from '../support/e2e-env';

export const DEMO_PASSWORD = 'toolmint-demo-2026';
export const DEMO = {
  creator: { email: 'creator@example.com', password: DEMO_PASSWORD },
  buyer: { email: 'buyer@example.com', password: DEMO_PASSWORD },
  admin: { email: 'team@example.com', password: DEMO_PASSWORD },
} as const;

/** Clicks before an island hydrates are lost (STACK-NOTES): wait until none is pending. */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** Signs in through the auth API with the page's request context (its cookies are the browser's). */
export async function signIn(page: Page, who: { email: string; password: string }, baseURL: string): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: who.email, password: who.password },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

let pageErrors: string[] = [];

/** Collects this page's script errors into the current test's list (see failOnPageErrors). */
export function watchPageErrors(page: Page): void {
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text());
  });
}

/**
 * A React hydration mismatch (#418) or any script error fails the test; failed requests a
 * test provokes on purpose ('Failed to load resource') do not. Call once at the top of a
 * spec; pages a test opens itself are added with watchPageErrors.
 */
export function failOnPageErrors(): void {
  test.beforeEach(({ page }) => {
    pageErrors = [];
    watchPageErrors(page);
  });
  test.afterEach(() => expect(pageErrors).toEqual([]));
}

/** The e2e server's outbox, in its DATA_DIR (playwright.config.ts). */
export const OUTBOX = path.resolve(process.env['E2E_OUTBOX'] ?? path.join(E2E_DATA_DIR, 'outbox'));

/** The text of the newest .eml in the outbox addressed to `email`, once it exists. */
export async function readLatestEmail(email: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((f) => f.includes(email.toLowerCase())).sort() : [];
      found = files.at(-1);
      return found;
    }, { timeout: 10_000 })
    .toBeTruthy();
  return readEmlText(fs.readFileSync(path.join(OUTBOX, found!), 'utf8'));
}
