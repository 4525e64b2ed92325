/**
 * Tool updates that arrive by themselves, in Chromium (issue 17, docs/decisions/039): a
 * follower follows Claude; an administrator (who manages any tool's sources) adds a changelog
 * feed served by this test on 127.0.0.1 (the server's test-only OUTBOUND_ALLOW_HOSTS names its
 * port), is refused a private address, and runs the job with 'Fetch now'; the follower sees the
 * new updates with their type badges and the unread count, and the Atom feed shows the entry
 * whose title carries a script tag as text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_RECEIVER_PORT } from '../support/e2e-env';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { DEMO, failOnPageErrors, hydrated, signIn, watchPageErrors } from './support';

failOnPageErrors();

const FEED_PATH = '/claude/releases.atom';
let server: WebhookReceiver;

test.beforeAll(async () => {
  server = await startWebhookReceiver(E2E_RECEIVER_PORT);
  // A GitHub releases feed whose newest entry's title carries a script tag.
  const atom = fs
    .readFileSync(path.resolve('tests/support/feeds/github-releases.atom'), 'utf8')
    .replace('<title>n8n@1.81.0</title>', '<title>n8n@1.81.0 &lt;script&gt;alert(1)&lt;/script&gt;</title>');
  server.answer(FEED_PATH, { status: 200, headers: { 'content-type': 'application/atom+xml; charset=utf-8' }, body: atom });
});

test.afterAll(async () => {
  await server?.close();
});

const toast = (page: Page) => page.locator('.toast');
const badge = (page: Page) => page.locator('.desktop-nav [data-unread-badge]');

async function asAdmin(browser: Browser, baseURL: string, work: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  watchPageErrors(page);
  await signIn(page, DEMO.admin, baseURL);
  await work(page);
  await context.close();
}

test('a changelog feed added by a maintainer reaches a follower with its type badges and the unread count', async ({ page, browser, baseURL }) => {
  // Two accounts, a fetch and a fan-out job on a shared machine: more than the default minute.
  test.setTimeout(180_000);
  // The follower: a new account that follows Claude.
  const email = `feeds-${Date.now()}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Fern Follower', full_name: 'Fern Follower', email, password: 'Str0ng!pass', user_type: 'buyer' },
    headers: { Origin: baseURL! },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  await signIn(page, { email, password: 'Str0ng!pass' }, baseURL!); // a sign-up starts no session (docs/decisions/053)
  const follow = await page.request.put('/api/follows/tools/claude', { headers: { Origin: baseURL! } });
  expect(follow.ok()).toBe(true);
  await page.goto('/tool-updates');
  await hydrated(page);
  await expect(badge(page)).toBeHidden();

  await asAdmin(browser, baseURL!, async (admin) => {
    await admin.goto('/tools/claude');
    const panel = admin.locator('section.upanel');
    await panel.scrollIntoViewIfNeeded();
    await hydrated(admin);
    const sources = admin.getByRole('region', { name: 'Changelog sources' });
    await expect(sources).toBeVisible();
    await expect(sources.getByText('No changelog sources yet.')).toBeVisible();

    // A private address is refused by the server, with its reason under the field.
    const form = sources.getByRole('form', { name: 'Add a changelog source for Claude' });
    await form.getByLabel('Feed URL').fill('https://169.254.169.254/latest/meta-data/');
    await form.getByRole('button', { name: 'Add source' }).click();
    await expect(form.getByText('The URL points to a private or reserved address')).toBeVisible();

    const url = `http://127.0.0.1:${E2E_RECEIVER_PORT}${FEED_PATH}`;
    await form.getByLabel('Feed URL').fill(url);
    await form.getByRole('button', { name: 'Add source' }).click();
    await expect(toast(admin).filter({ hasText: 'Changelog source added' })).toBeVisible();
    const source = sources.getByRole('listitem').filter({ hasText: url });
    await expect(source).toContainText('Not fetched yet');

    // The job, run now for this source. (The worker's minutely run may have fetched the new
    // source a moment before: then this fetch finds nothing new, and the updates are there all the same.)
    await source.getByRole('button', { name: 'Fetch now' }).click();
    await expect(toast(admin).filter({ hasText: /Fetched: (3 new updates|nothing new)/ })).toBeVisible();
    await admin.reload();
    await panel.scrollIntoViewIfNeeded();
    await hydrated(admin);
    await expect(source).toContainText(/Fetched: (3 new updates|nothing new)/);
    await expect(source).toContainText('Atom');
    await expect(panel.getByRole('heading', { name: 'n8n@1.81.0 <script>alert(1)</script>' })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'n8n@1.80.0', exact: true })).toBeVisible();

    // The maintainer re-classifies an entry the words typed wrongly.
    await panel.getByRole('combobox', { name: 'Re-classify “n8n@1.80.1”' }).selectOption('other');
    await expect(toast(admin).filter({ hasText: 'Update re-typed' })).toBeVisible();
  });
  expect(server.on(FEED_PATH).length).toBeGreaterThanOrEqual(1);

  // The follower's notices are written by the fan-out job a moment later (docs/decisions/040).
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(badge(page)).toHaveText('3', { timeout: 1_500 });
  }).toPass({ timeout: 30_000 });
  await page.reload();
  await hydrated(page);
  const items = page.locator('.flist > li');
  await expect(page.locator('.fitem.is-unread')).toHaveCount(3);
  const newest = items.filter({ hasText: 'n8n@1.81.0' });
  await expect(newest).toContainText('Feature');
  await expect(newest).toContainText('v1.81.0');
  await expect(newest).toContainText('<script>alert(1)</script>');
  await expect(items.filter({ hasText: 'n8n@1.80.0' })).toContainText('Security');
  await expect(items.filter({ hasText: 'n8n@1.80.1' })).toContainText('Other');

  // The tool's Atom feed carries the entries as escaped text.
  const feed = await page.request.get('/tools/claude/feed.xml');
  const xml = await feed.text();
  expect(xml).toContain('n8n@1.81.0 &lt;script&gt;alert(1)&lt;/script&gt;');
  expect(xml).not.toContain('<script');
});
