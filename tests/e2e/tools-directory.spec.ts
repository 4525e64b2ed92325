/**
 * Issue 17's AI tools directory in a real Chromium (docs/decisions/038):
 * - a signed-in user submits a tool through 'List Your Tools', the administrator approves it at
 *   /admin/tools, the submitter is emailed and sees the notice in /tool-updates, and the tool's
 *   page is live and followable;
 * - a user claims Claude through 'Claim Your Tool' by the email in the server's outbox, and
 *   Claude's page says who maintains it.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, failOnPageErrors, hydrated, linkInEmail, readLatestEmail, signIn, signUpThroughApi } from './support';

failOnPageErrors();
// Each test walks a whole flow across two accounts on a shared, busy machine.
test.describe.configure({ timeout: 180_000 });

const toast = (page: Page) => page.locator('.toast');

test('a user submits a tool, the admin approves it, its page is live and followable', async ({ page, browser, baseURL }) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const name = `Quillmate ${stamp}`;
  const id = `quillmate-${stamp}`;
  await page.goto('/');
  const account = await signUpThroughApi(page, baseURL!, { userType: 'buyer', name: 'Sam Submitter', verified: true });

  await page.goto('/ai-tools');
  await page.getByRole('link', { name: 'List Your Tools' }).click();
  await expect(page).toHaveURL(/\/ai-tools\/submit$/);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Submit a tool' });
  // Bad input first: the site must be http(s) with a real host.
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Official site').fill('ftp://quillmate');
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(form.getByText('The URL must start with http:// or https://')).toBeVisible();
  await form.getByLabel('Official site').fill(`https://quillmate-${stamp}.com`);
  await form.getByLabel('Category').selectOption('Development');
  await form.getByLabel('One-line description').fill('Writes and reviews pull request descriptions.');
  await form
    .getByLabel('Description', { exact: true })
    .fill('Quillmate reads a diff and writes the pull request description, with the risks a reviewer should check first and the tests that cover them.');
  await form.getByLabel(/Platforms/).fill('Web, GitHub App');
  await form.getByLabel(/Changelog sources/).fill(`https://github.com/quillmate/quillmate-${stamp}/releases.atom`);
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByRole('heading', { name: `Thanks: ${name} is waiting for review` })).toBeVisible();
  // Not public while it waits.
  expect((await page.request.get(`/tools/${id}`)).status()).toBe(404);

  // The administrator approves it from /admin/tools.
  const adminContext = await browser.newContext({ baseURL: baseURL! });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin, baseURL!);
  await admin.goto('/admin/tools');
  await expect(admin.getByRole('heading', { level: 1, name: 'AI tools to review' })).toBeVisible();
  const card = admin.locator('[data-tool-card]', { hasText: name });
  await expect(card).toContainText(account.email);
  await card.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(toast(admin)).toContainText('Approved');
  await expect(card).toHaveCount(0);
  await adminContext.close();

  // The submitter is told, and the page is live: in the directory and at /tools/{id}.
  expect(linkInEmail(await readLatestEmail(account.email, /is now in the toolmint AI tools directory/))).toContain(`/tools/${id}`);
  // In the app too (docs/decisions/043): the notice is in their notifications, unread, and leads to the tool's page.
  await page.goto('/tool-updates');
  const notice = page.locator('.ftool-notice', { hasText: `${name} is now in the AI tools directory` });
  await expect(notice).toContainText('Approved');
  await expect(notice.getByText('New', { exact: true })).toBeVisible();
  await expect(notice.getByRole('link', { name: new RegExp(`${name} is now in the AI tools directory`) })).toHaveAttribute('href', `/tools/${id}`);
  await page.goto('/ai-tools');
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  const response = await page.goto(`/tools/${id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Claim this tool' })).toBeVisible();
  const follow = page.getByRole('button', { name: `Follow ${name}` });
  await expect(follow).toBeEnabled();
  await follow.click();
  await expect(toast(page)).toContainText('Tool followed successfully');
  await expect(page.getByRole('button', { name: `Following ${name}` })).toBeVisible();
  const state = await page.request.get('/api/follows/tools');
  expect(((await state.json()) as { following: string[] }).following).toContain(id);
});

test('a user claims Claude by the email in the outbox', async ({ page, baseURL }) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  await page.goto('/');
  await signUpThroughApi(page, baseURL!, { userType: 'creator', name: 'Cleo Claimant', verified: true });
  await page.goto('/ai-tools');
  await page.getByRole('link', { name: 'Claim Your Tool' }).click();
  await expect(page).toHaveURL(/\/ai-tools\/claim$/);
  await page.getByRole('main').getByRole('link', { name: 'Claude', exact: true }).click();
  await expect(page).toHaveURL(/\/ai-tools\/claim\?tool=claude$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Claim Claude' })).toBeVisible();
  // The claim form hydrates on load (a busy machine may take a while).
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 30_000 });
  const address = `cleo-${stamp}@claude.ai`;
  await page.getByLabel('Email address at claude.ai').fill(address);
  await page.getByLabel(/Maintained by/).fill(`Claude Team ${stamp}`);
  await page.getByRole('button', { name: 'Claim Claude' }).click();
  await expect(page.getByRole('heading', { name: `Check ${address}` })).toBeVisible();

  const link = linkInEmail(await readLatestEmail(address, /Confirm you maintain Claude/));
  await page.goto(link);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Verify Claude' }).click();
  await expect(page.getByRole('heading', { name: 'You are the verified maintainer of Claude' })).toBeVisible();

  // Claude's page is rendered again with its maintainer (on demand until the stored page is replaced).
  await expect(async () => {
    await page.goto('/tools/claude');
    await expect(page.locator('.hero-meta')).toContainText(`Maintained by Claude Team ${stamp}`, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  // The maintainer's page: edit it, invite, post updates.
  await page.goto('/ai-tools/manage/claude');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Claude' })).toBeVisible();
  await expect(page.getByText(`Verified · maintained by Claude Team ${stamp}`)).toBeVisible();
});
