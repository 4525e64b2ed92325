/**
 * What the end-to-end specs share: demo logins, waiting for islands to hydrate, signing in
 * through the auth API, reading the emails the server wrote to its outbox (DATA_DIR/outbox,
 * one .eml per message), and failing a test on any script error or hydration mismatch.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { storedAuthSecret } from '@/env/local-secrets';
import { readEmlText } from '@/functions/_shared/mailer';
import { createUnsubscribeToken } from '@/functions/email/unsubscribe-token';
import type { EmailMessageKind } from '@/src/shared/email-preferences';
import { E2E_DATA_DIR } from '../support/e2e-env';

export const DEMO_PASSWORD = 'toolmint-demo-2026';
export const DEMO = {
  creator: { email: 'creator@example.com', password: DEMO_PASSWORD },
  buyer: { email: 'buyer@example.com', password: DEMO_PASSWORD },
  admin: { email: 'team@example.com', password: DEMO_PASSWORD },
} as const;

/**
 * Clicks before an island hydrates are lost (STACK-NOTES): wait until none is pending. Islands
 * below the fold hydrate when seen (client:visible keeps React off a page's first view), so each
 * pending one is brought into view in turn, as a reader scrolling down would, and the page is
 * put back where it was; a visitor's client:session island (src/directives/session.ts) is
 * given the touch of the page it waits for. An island counts as hydrated once React has taken
 * over its elements, not when Astro hands it over.
 */
export async function hydrated(page: Page): Promise<void> {
  const start = await page.evaluate(() => window.scrollY);
  // Idle islands wait for the browser to be idle: on a busy machine more than the default 5 s.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const pending = [...document.querySelectorAll('astro-island[ssr]')];
          // The first one waiting to be seen stays in view until it has hydrated.
          // A visitor's client:session island waits for a touch of the page: give it one.
          if (pending.some((island) => island.getAttribute('client') === 'session')) document.dispatchEvent(new Event('pointerdown'));
          const unseen = pending.find((island) => island.getAttribute('client') === 'visible');
          // An island is `display: contents` (no box of its own): scroll to its first element that has one.
          const target = unseen && [...unseen.querySelectorAll('*')].find((el) => el.getClientRects().length > 0);
          target?.scrollIntoView({ block: 'center' });
          // Astro drops `ssr` when it hands the island to React, and React hydrates in a later
          // task: until then a field the test changes is set back by its form's defaults (a
          // Status chosen before that commit was saved as the old one, in CI). React marks
          // each element it has hydrated; an island counts once one of its elements is marked.
          const handedOver = [...document.querySelectorAll('astro-island:not([ssr])')].filter((island) => {
            const elements = [...island.querySelectorAll('*')];
            return elements.length > 0 && !elements.some((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$')));
          });
          return pending.length + handedOver.length;
        }),
      { timeout: 15_000 },
    )
    .toBe(0);
  await page.evaluate((y) => window.scrollTo(0, y), start);
}

/** Signs in through the auth API with the page's request context (its cookies are the browser's). */
export async function signIn(page: Page, who: { email: string; password: string }, baseURL: string): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: who.email, password: who.password },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * An unsubscribe token as the e2e server signs them: with the secret it generated in its
 * DATA_DIR on its first start (no BETTER_AUTH_SECRET is set, docs/decisions/053).
 */
export function unsubscribeTokenFor(userId: string, kind: EmailMessageKind): string {
  return createUnsubscribeToken(userId, kind, { secret: storedAuthSecret(E2E_DATA_DIR) });
}

/** The e2e server's outbox, in its DATA_DIR (playwright.config.ts). */
export const OUTBOX = path.resolve(process.env['E2E_OUTBOX'] ?? path.join(E2E_DATA_DIR, 'outbox'));

/** The text of the newest email to `email` (whose subject matches `subject`, if given), once it exists. */
export async function readLatestEmail(email: string, subject?: RegExp, outbox = OUTBOX): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox)
          ? fs
              .readdirSync(outbox)
              .filter((f) => f.includes(email.toLowerCase()))
              .sort()
          : [];
        text = files
          .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
          .filter((eml) => !subject || subject.test(eml.match(/^Subject: (.*)$/m)?.[1] ?? ''))
          .map(readEmlText)
          .at(-1);
        return text;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return text!;
}

/** The first link of an email's text. */
export function linkInEmail(text: string): string {
  const link = text.match(/https?:\/\/\S+/)?.[0];
  expect(link, text).toBeTruthy();
  return link!;
}

/** The verification link better-auth mailed to `email` (verifyEmailMessage). */
export async function verificationLink(email: string, outbox = OUTBOX): Promise<string> {
  return linkInEmail(await readLatestEmail(email, /^Verify your toolmint email/, outbox));
}

/**
 * A buyer signed up through the API with the page's cookies, whose email is verified by opening
 * the link from the outbox in the page (buying needs a verified email, docs/decisions/012): the
 * page ends on /auth/verified, signed in. Returns the email.
 */
export async function signUpVerifiedBuyer(page: Page, baseURL: string, name: string): Promise<string> {
  const email = `buyer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, full_name: name, email, password: 'Str0ng!pass', user_type: 'buyer' },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  await page.goto(await verificationLink(email));
  await expect(page).toHaveURL(/\/auth\/verified$/);
  return email;
}

/**
 * A new account made through the sign-up API with the page's cookies (so the page is signed in
 * as it). `verified: true` then opens the emailed link from the outbox, as its owner would:
 * posting, voting, reporting, reviewing, tool submissions and claims need it (docs/decisions/052).
 */
export async function signUpThroughApi(
  page: Page,
  baseURL: string,
  options: { userType?: 'creator' | 'buyer' | 'community'; name?: string; verified?: boolean } = {},
): Promise<{ id: string; email: string }> {
  const userType = options.userType ?? 'creator';
  const name = options.name ?? 'Vera Verify';
  const email = `e2e-${userType}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await page.request.post('/api/auth/sign-up/email', {
    headers: { Origin: baseURL },
    data: { name, full_name: name, email, password: 'Str0ng!pass', user_type: userType, ...(userType === 'creator' ? { company: 'Verified Labs' } : {}) },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { user: { id: string } };
  // A sign-up starts no session (docs/decisions/053): sign in, as someone who has not opened the link yet.
  await signIn(page, { email, password: 'Str0ng!pass' }, baseURL);
  if (options.verified) {
    const opened = await page.request.get(await verificationLink(email));
    expect(opened.url(), await opened.text()).toMatch(/\/auth\/verified$/);
  }
  return { id: body.user.id, email };
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

/**
 * From a product page to the local test-mode checkout: the product's buy button, then the
 * checkout page (a server-rendered page on a busy machine: 20 s), hydrated.
 */
export async function startCheckout(page: Page, productId: string, buyButton: string): Promise<void> {
  await page.goto(`/product/${productId}`);
  await hydrated(page);
  await page.getByRole('button', { name: buyButton }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_test_[A-Za-z0-9]+$/, { timeout: 20_000 });
  await hydrated(page);
}

/**
 * Fills the local test-mode card form and presses its pay button. The buyer's country decides
 * the tax (docs/decisions/050): the United States (none) unless `country` is null, which keeps
 * the one the test chose.
 */
export async function payByCard(page: Page, payButton: string, { card = '4242 4242 4242 4242', country = 'US' as string | null } = {}): Promise<void> {
  if (country) await page.getByLabel('Country').selectOption(country);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: payButton }).click();
}

/**
 * A paid checkout lands back on the product page with the success toast. The payment, the
 * redirect and the page's render take more than expect's default 5 s on a loaded machine (a CI
 * run failed there once), hence 20 s for the landing; the toast is shown with the page.
 */
export async function expectPurchased(page: Page, productId: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/product/${productId}$`), { timeout: 20_000 });
  await expect(page.locator('.toast')).toContainText('Purchase successful!', { timeout: 10_000 });
}

/** The id of a demo product by its exact title, found through the catalogue search (the title's first three words). */
export async function demoProductId(page: Page, title: string): Promise<string> {
  const response = await page.request.get(`/api/products?search=${encodeURIComponent(title.split(' ').slice(0, 3).join(' '))}`);
  expect(response.ok(), await response.text()).toBe(true);
  const { items } = (await response.json()) as { items: { id: string; title: string }[] };
  const product = items.find((p) => p.title === title);
  expect(product, `the demo product '${title}'`).toBeTruthy();
  return product!.id;
}

/** The id of a demo discussion (db/seed/data/community.json), found by its title through the API. */
export async function demoThreadId(page: Page, title = "How do you keep a Claude Project's knowledge under the limit?"): Promise<string> {
  const response = await page.request.get(`/api/community/threads?${new URLSearchParams({ space: 'claude', sort: 'new', limit: '100' })}`);
  expect(response.ok(), await response.text()).toBe(true);
  const { items } = (await response.json()) as { items: { id: string; title: string }[] };
  const thread = items.find((t) => t.title === title);
  expect(thread, `the demo discussion '${title}'`).toBeTruthy();
  return thread!.id;
}

/**
 * Makes the page's user (a new account) the verified maintainer of a tool that has no owner
 * account, through the API: a claim by email to an address at the tool's domain, verified with
 * the token of the link in the outbox (as 'Claim Your Tool' does in the browser). The demo data
 * has no maintainer accounts; each spec claims a tool no other spec touches.
 */
export async function claimToolThroughApi(page: Page, baseURL: string, toolId: string, host: string): Promise<{ id: string; email: string }> {
  await page.context().clearCookies();
  const account = await signUpThroughApi(page, baseURL, { userType: 'creator', name: 'Mia Maintainer', verified: true });
  const address = `maintainer-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@${host}`;
  const started = await page.request.post(`/api/tools/${toolId}/claims`, {
    headers: { Origin: baseURL },
    data: { method: 'email', email: address, organisation: 'Mia Maintainer' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const link = new URL(linkInEmail(await readLatestEmail(address, /^Confirm you maintain/)));
  const claimId = link.searchParams.get('claim') ?? '';
  const verified = await page.request.post(`/api/tool-claims/${claimId}/verify`, {
    headers: { Origin: baseURL },
    data: { token: link.searchParams.get('token') },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  expect(((await verified.json()) as { status: string }).status).toBe('verified');
  return account;
}
