/**
 * Pay what you want in Chromium with the local test-mode provider (issue 31, docs/decisions/077):
 * the demo creator makes a product PWYW (at least $5.00, $15.00 suggested) in the studio editor;
 * a buyer sees 'From $5.00' and 'Name a fair price' filled with the suggestion, is refused below
 * the minimum with the minimum in the message, names $7.50, pays it at the local checkout and
 * finds the product in /library at the price paid.
 */
import { expect, test } from '@playwright/test';
import { DEMO, expectPurchased, failOnPageErrors, hydrated, payByCard, signIn, signUpVerifiedBuyer } from './support';

failOnPageErrors();

const TRIAGE = 'Make.com Support Ticket Triage with GPT Classification';

test('a buyer names a fair price on a PWYW product, pays it, and finds it in /library', async ({ browser, page, baseURL }) => {
  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  await signIn(creator, DEMO.creator, baseURL!);
  // The creator's own product (its title does not search well by its first words).
  const mine = await creator.request.get('/api/me/products?limit=100');
  expect(mine.ok(), await mine.text()).toBe(true);
  const id = ((await mine.json()) as { items: { id: string; title: string }[] }).items.find((p) => p.title === TRIAGE)!.id;
  expect(id).toBeTruthy();
  // The editor's pricing: 'Pay what you want' turns the price into the minimum and offers a suggestion.
  await creator.goto(`/products?edit=${id}`);
  await hydrated(creator);
  await creator.getByLabel('Pay what you want').check();
  await creator.getByLabel('Minimum price (USD)').fill('5');
  await creator.getByLabel(/^Suggested price \(USD\)/).fill('15');
  await creator.getByRole('button', { name: 'Save Changes' }).click();
  await expect(creator.getByRole('region', { name: 'Notifications' }).getByText('Product updated')).toBeVisible();
  const saved = await creator.request.get(`/api/me/products/${id}`);
  expect(await saved.json()).toMatchObject({ pay_what_you_want: true, price: 5, suggested_price: 15 });
  await creatorContext.close();

  await signUpVerifiedBuyer(page, baseURL!, 'Nia Named');

  await page.goto(`/product/${id}`);
  await hydrated(page);
  await expect(page.getByText('From $5.00').first()).toBeVisible();
  const amount = page.getByLabel('Name a fair price');
  await expect(amount).toHaveValue('15.00');
  await expect(page.getByText('Add discount code')).toHaveCount(0);

  await amount.fill('4');
  await page.getByRole('button', { name: 'Buy for $4.00' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The minimum price is $5.00. Enter $5.00 or more.' })).toBeVisible();

  await amount.fill('7.50');
  await page.getByRole('button', { name: 'Buy for $7.50' }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_test_[A-Za-z0-9]+$/, { timeout: 20_000 });
  await hydrated(page);
  await expect(page.locator('.co-price')).toContainText('$7.50');
  await expect(page.locator('[data-named-price]')).toBeVisible();
  await payByCard(page, 'Pay $7.50');
  await expectPurchased(page, id);

  await page.goto('/library');
  await hydrated(page);
  const item = page.locator('li, article', { hasText: TRIAGE }).first();
  await expect(item).toBeVisible();
  await expect(item).toContainText('$7.50');
});
