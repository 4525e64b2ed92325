/**
 * Discovery that does not dead-end (issue 15), in Chromium against the seeded demo catalogue:
 * the landing search sends the category the visitor is looking at; when that category (or a
 * budget) finds nothing, the marketplace says 'No results in {category}' and one click shows
 * the results in all categories (or at any price), with their count on the button.
 */
import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, hydrated } from './support';

// Only in 'Development & Data', at $39: outside the landing's first category and above no budget under $50.
const GUARDDUTY = 'n8n Security Alert Triage: AWS GuardDuty to Slack with AI Summary';

failOnPageErrors();

const cardTitles = (page: Page) => page.locator('.mk-grid:not([data-skeleton]) .pcard-title');

test('a landing search finds nothing in its category, and one click shows the results in all categories', async ({ page }) => {
  await page.goto('/');
  const hero = page.getByRole('search', { name: 'Find tools' });
  // The search goes to the category of the slide shown (spec section 2, Home).
  const category = await hero.locator('[data-hero-category]').inputValue();
  const categoryName = (await page.locator('[data-hero-scope]').textContent())!.trim();
  expect(category).not.toBe('tech');
  await hero.getByRole('searchbox', { name: 'What do you need help with?' }).fill('GuardDuty');
  await hero.getByRole('button', { name: 'Find Tools' }).click();
  await expect(page).toHaveURL(new RegExp(`/marketplace\\?search=GuardDuty&category=${category}$`));
  await hydrated(page);

  await expect(page.getByRole('heading', { name: `No results in ${categoryName}` })).toBeVisible();
  const widen = page.getByRole('button', { name: /^Show \d+\+? results? in all categories$/ });
  await expect(widen).toBeVisible();
  const shown = Number(/Show (\d+)/.exec((await widen.textContent())!)![1]);
  await widen.click();

  await expect(page).toHaveURL(/\/marketplace\?search=GuardDuty$/);
  await expect(page.getByLabel('Category')).toHaveValue('');
  await expect(cardTitles(page).filter({ hasText: GUARDDUTY })).toHaveCount(1);
  // The button counted what it shows.
  await expect(cardTitles(page)).toHaveCount(shown);
  // And the URL it wrote is the search it shows: a reload gives the same results.
  await page.reload();
  await hydrated(page);
  await expect(cardTitles(page).filter({ hasText: GUARDDUTY })).toHaveCount(1);
});

test('a budget that empties the results says so, and one click shows them at any price', async ({ page }) => {
  await page.goto('/marketplace?search=GuardDuty&budget=100-plus');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'No results at $100 or more' })).toBeVisible();
  await page.getByRole('button', { name: /^Show \d+\+? results? at any price$/ }).click();
  await expect(page).toHaveURL(/\/marketplace\?search=GuardDuty$/);
  await expect(page.getByLabel('Budget')).toHaveValue('');
  await expect(cardTitles(page).filter({ hasText: GUARDDUTY })).toHaveCount(1);
});

test('a search that finds nothing anywhere still offers to clear the filters', async ({ page }) => {
  await page.goto('/marketplace?search=zzzqqqxxyy&category=audio');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'No results in Audio & Voice' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Show / })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page.locator('.mk-grid:not([data-skeleton]) .pcard')).toHaveCount(24);
});
