/**
 * Prices as people read them (issue 27, docs/decisions/047): a subscription shows its period
 * wherever its price appears. The demo's Sref collection is a $9.99 monthly subscription; the
 * churn model a one-time purchase, whose price has no period.
 */
import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, hydrated } from './support';

failOnPageErrors();

const SREFS = 'Midjourney Editorial Illustration Sref Codes Collection';
const CHURN = 'Customer Churn Prediction Model (XGBoost) with Feature Config';

const card = (page: Page, title: string) =>
  page.locator('.mk-grid:not([data-skeleton]) .pcard').filter({ has: page.getByRole('link', { name: title, exact: true }) });

test("a subscription shows '/month' on its marketplace card and its product page; a one-time price does not", async ({ page }) => {
  await page.goto(`/marketplace?search=${encodeURIComponent('Editorial Illustration Sref')}`);
  await hydrated(page);
  const subscription = card(page, SREFS);
  await expect(subscription.locator('.pcard-price')).toHaveText('$9.99/month');

  await page.goto(`/marketplace?search=${encodeURIComponent('Customer Churn Prediction')}`);
  await hydrated(page);
  await expect(card(page, CHURN).locator('.pcard-price')).toHaveText(/^\$[\d,]+\.\d{2}$/);

  await page.goto(`/marketplace?search=${encodeURIComponent('Editorial Illustration Sref')}`);
  await hydrated(page);
  await card(page, SREFS).getByRole('link', { name: SREFS, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SREFS);
  await expect(page.locator('.pp-amount')).toHaveText('$9.99/month');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Subscribe for $9.99/month' })).toBeVisible();
});
