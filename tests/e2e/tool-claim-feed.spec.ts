/**
 * Issue 17's story in one Chromium run (docs/decisions/038, 039, 040): a follower follows
 * Zapier; a fresh user claims Zapier by the email in the server's outbox (as
 * tools-directory.spec.ts claims Claude), and that maintainer (not the administrator) adds a
 * changelog feed served by this test on 127.0.0.1 (OUTBOUND_ALLOW_HOSTS names its port) and runs
 * the job with 'Fetch now'; the follower sees the new updates with their type badges and the
 * unread count.
 *
 * Zapier, not Claude: the specs share one server, and tools-directory.spec.ts (claims Claude)
 * and tool-feeds.spec.ts (Claude's sources, empty at its start) run after this one. Zapier has
 * no seeded maintainer, so this claim is verified by email rather than sent to the admin queue,
 * and no other spec claims Zapier or manages its sources.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_RECEIVER_PORT } from '../support/e2e-env';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { failOnPageErrors, hydrated, linkInEmail, readLatestEmail, signUpThroughApi, verificationLink, watchPageErrors } from './support';

failOnPageErrors();

const FEED_PATH = '/zapier/releases.atom';
let server: WebhookReceiver;

test.beforeAll(async () => {
  server = await startWebhookReceiver(E2E_RECEIVER_PORT);
  // A GitHub releases feed of three entries: a feature, a fix and a security release.
  const atom = fs.readFileSync(path.resolve('tests/support/feeds/github-releases.atom'), 'utf8');
  server.answer(FEED_PATH, { status: 200, headers: { 'content-type': 'application/atom+xml; charset=utf-8' }, body: atom });
});

test.afterAll(async () => {
  await server?.close();
});

const toast = (page: Page) => page.locator('.toast');
const badge = (page: Page) => page.locator('.desktop-nav [data-unread-badge]');

test('a user claims Zapier by the email in the outbox, adds a changelog source, the job runs, and a follower sees the update', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three accounts' worth of flow, a fetch and a fan-out job on a shared machine.
  test.setTimeout(240_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

  // The follower: a new account that follows Zapier from its page, before anything is posted.
  await page.goto('/');
  await signUpThroughApi(page, baseURL!, { userType: 'buyer', name: 'Fay Follower' });
  await page.goto('/tools/zapier');
  const follow = page.getByRole('button', { name: 'Follow Zapier' });
  await expect(follow).toBeEnabled({ timeout: 30_000 });
  await follow.click();
  await expect(toast(page)).toContainText('Tool followed successfully');
  await expect(page.getByRole('button', { name: 'Following Zapier' })).toBeVisible();
  await page.goto('/tool-updates');
  await hydrated(page);
  await expect(badge(page)).toBeHidden();

  // The maintainer-to-be: another new account, in its own browser context.
  const context = await browser.newContext({ baseURL: baseURL! });
  const maintainer = await context.newPage();
  watchPageErrors(maintainer);
  await maintainer.goto('/');
  const account = await signUpThroughApi(maintainer, baseURL!, { userType: 'creator', name: 'Zed Maintainer' });
  // Posting (a changelog source posts updates) needs a verified account email: the link in the outbox.
  await maintainer.goto(await verificationLink(account.email));
  await expect(maintainer).toHaveURL(/\/auth\/verified$/);

  // 'Claim Your Tool' by a verification email to an address at zapier.com (the outbox).
  await maintainer.goto('/ai-tools');
  await maintainer.getByRole('link', { name: 'Claim Your Tool' }).click();
  await expect(maintainer).toHaveURL(/\/ai-tools\/claim$/);
  await maintainer.getByRole('main').getByRole('link', { name: 'Zapier', exact: true }).click();
  await expect(maintainer).toHaveURL(/\/ai-tools\/claim\?tool=zapier$/);
  await expect(maintainer.getByRole('heading', { level: 1, name: 'Claim Zapier' })).toBeVisible();
  await expect(maintainer.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 30_000 });
  const address = `zed-${stamp}@zapier.com`;
  await maintainer.getByLabel('Email address at zapier.com').fill(address);
  await maintainer.getByLabel(/Maintained by/).fill(`Zapier Team ${stamp}`);
  await maintainer.getByRole('button', { name: 'Claim Zapier' }).click();
  await expect(maintainer.getByRole('heading', { name: `Check ${address}` })).toBeVisible();

  const link = linkInEmail(await readLatestEmail(address, /Confirm you maintain Zapier/));
  await maintainer.goto(link);
  await expect(maintainer.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 30_000 });
  await maintainer.getByRole('button', { name: 'Verify Zapier' }).click();
  await expect(maintainer.getByRole('heading', { name: 'You are the verified maintainer of Zapier' })).toBeVisible();

  // The maintainer's page: add the locally served feed and run the job for it.
  await maintainer.goto('/ai-tools/manage/zapier');
  await expect(maintainer.getByRole('heading', { level: 1, name: 'Manage Zapier' })).toBeVisible();
  await expect(maintainer.getByText(`Verified · maintained by Zapier Team ${stamp}`)).toBeVisible();
  const panel = maintainer.locator('section.upanel');
  // The page's other islands hydrate when scrolled to: wait for the updates panel's own.
  const panelIsland = maintainer.locator('astro-island[ssr]', { has: panel });
  await panel.scrollIntoViewIfNeeded();
  await expect(panelIsland).toHaveCount(0, { timeout: 30_000 });
  const sources = maintainer.getByRole('region', { name: 'Changelog sources' });
  await expect(sources).toBeVisible();
  await expect(sources.getByText('No changelog sources yet.')).toBeVisible();
  const url = `http://127.0.0.1:${E2E_RECEIVER_PORT}${FEED_PATH}`;
  const form = sources.getByRole('form', { name: 'Add a changelog source for Zapier' });
  await form.getByLabel('Feed URL').fill(url);
  await form.getByRole('button', { name: 'Add source' }).click();
  await expect(toast(maintainer).filter({ hasText: 'Changelog source added' })).toBeVisible();
  const source = sources.getByRole('listitem').filter({ hasText: url });
  await expect(source).toContainText('Not fetched yet');
  // (The worker's minutely run may have fetched the new source a moment before: then this
  // fetch finds nothing new, and the updates are there all the same.)
  await source.getByRole('button', { name: 'Fetch now' }).click();
  await expect(toast(maintainer).filter({ hasText: /Fetched: (3 new updates|nothing new)/ })).toBeVisible();
  await maintainer.reload();
  await panel.scrollIntoViewIfNeeded();
  await expect(panelIsland).toHaveCount(0, { timeout: 30_000 });
  await expect(source).toContainText(/Fetched: (3 new updates|nothing new)/);
  await expect(panel.getByRole('heading', { name: 'n8n@1.81.0', exact: true })).toBeVisible();
  await context.close();
  expect(server.on(FEED_PATH).length).toBeGreaterThanOrEqual(1);

  // The follower: the unread count (written by the fan-out job a moment later, decision 040),
  // then the new updates in /tool-updates with their type badges.
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(badge(page)).toHaveText('3', { timeout: 1_500 });
  }).toPass({ timeout: 30_000 });
  await page.reload();
  await hydrated(page);
  await expect(badge(page)).toHaveText('3');
  const items = page.locator('.flist > li');
  await expect(page.locator('.fitem.is-unread')).toHaveCount(3);
  const newest = items.filter({ hasText: 'n8n@1.81.0' });
  await expect(newest).toContainText('Zapier');
  await expect(newest).toContainText('Feature');
  await expect(newest).toContainText('v1.81.0');
  await expect(items.filter({ hasText: 'n8n@1.80.0' })).toContainText('Security');
});
