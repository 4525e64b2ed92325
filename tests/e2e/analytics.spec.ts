/**
 * Where buyers come from, in Chromium (issue 31, docs/decisions/079): a visitor opens a demo
 * product's page from a newsletter link (?utm_source=newsletter&utm_campaign=...); the page's own
 * beacon records the visit; the creator's /sales shows 'newsletter' as a source and the campaign
 * among the top campaigns, and its CSV export downloads; a product's page over the last 7 days
 * (?days=7) and a range not offered (400); another creator's product figures are a 404.
 */
import { expect, test } from '@playwright/test';
import { DEMO, demoProductId, failOnPageErrors, hydrated, signIn } from './support';

failOnPageErrors();

const STANDUP = 'Zapier Slack Standup Bot with Gemini Summaries';
/** A demo product of another creator (Diego Ramirez). */
const OTHER_CREATORS = 'DeepSeek-R1 Step-by-Step Math Tutor Prompts';

test('a visit from ?utm_source=newsletter shows on the creator’s /sales as a source', async ({ browser, page, baseURL }) => {
  const id = await demoProductId(page, STANDUP);

  // A visitor (signed out) follows the newsletter's link; the beacon answers 204. A visitor is
  // counted once a day with the source of their first visit, and is told apart by address and
  // user agent: every browser of this run shares both, and another spec on this server may have
  // opened this page directly today, so this reader has a user agent of their own.
  const readerContext = await browser.newContext({ userAgent: `toolmint-e2e newsletter reader ${Date.now()}` });
  const reader = await readerContext.newPage();
  const beacon = reader.waitForResponse((r) => r.url().endsWith(`/api/products/${id}/visit`) && r.request().method() === 'POST');
  await reader.goto(`/product/${id}?utm_source=newsletter&utm_medium=email&utm_campaign=e2e-launch`);
  expect((await beacon).status()).toBe(204);
  await readerContext.close();

  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  await signIn(creator, DEMO.creator, baseURL!);
  await creator.goto('/sales');
  await hydrated(creator);
  const panel = creator.getByRole('region', { name: 'Where buyers come from' });
  const bySource = panel.getByRole('region', { name: 'By source' });
  await expect(bySource.locator('tr[data-source-row="newsletter"] td').first()).toHaveText('newsletter');
  await expect(panel.getByRole('region', { name: 'Top campaigns' }).locator('tr[data-source-row="e2e-launch"]')).toBeVisible();
  await expect(panel.getByRole('img', { name: /Visitors, checkouts started and paid orders per day/ })).toBeVisible();

  const download = creator.waitForEvent('download');
  await panel.getByRole('link', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^toolmint-traffic-30d-\d{4}-\d{2}-\d{2}\.csv$/);

  // The product's own analytics page, from its row in 'Product performance'.
  await creator.goto(`/sales/products/${id}`);
  await expect(creator.getByRole('heading', { level: 1 })).toHaveText(STANDUP);
  await expect(creator.locator('tr[data-source-row="newsletter"]').first()).toBeVisible();
  // The range is a link the server renders: the last 7 days still hold today's visit; a range not offered is a 400 that says so.
  await creator.getByRole('navigation', { name: 'Date range' }).getByRole('link', { name: 'Last 7 days' }).click();
  await expect(creator).toHaveURL(/[?&]days=7(#|$)/);
  await expect(creator.getByRole('link', { name: 'Last 7 days' })).toHaveAttribute('aria-current', 'true');
  await expect(creator.locator('tr[data-source-row="newsletter"]').first()).toBeVisible();
  expect((await creator.goto(`/sales/products/${id}?days=365`))?.status()).toBe(400);
  await expect(creator.getByRole('alert')).toContainText('Choose a range of 7, 30 or 90 days');

  // Another creator's product: its figures are a 404, on the page and in the CSV.
  const foreign = await demoProductId(page, OTHER_CREATORS);
  expect((await creator.goto(`/sales/products/${foreign}`))?.status()).toBe(404);
  await expect(creator.getByRole('heading', { level: 1 })).toHaveText('Product not found');
  expect((await creator.request.get(`/api/studio/analytics.csv?productId=${foreign}`)).status()).toBe(404);
  await creatorContext.close();
});
