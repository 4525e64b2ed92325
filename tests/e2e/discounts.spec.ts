/**
 * Discount codes in Chromium with the local test-mode provider (issue 31, docs/decisions/075):
 * the demo creator creates 'LAUNCH' (20% off one product) at /sales/discounts; a buyer opens
 * the product with ?code=launch, sees 'Add discount code' filled in, starts the checkout, sees
 * the discount line before paying and pays the discounted price; a refused code shows its
 * reason under the field; the creator sees the code's uses and revenue in /sales and the sale
 * with its code, fee and net.
 */
import { expect, test } from '@playwright/test';
import { DEMO, demoProductId, expectPurchased, failOnPageErrors, hydrated, payByCard, readLatestEmail, signIn, signUpVerifiedBuyer } from './support';

failOnPageErrors();

const STANDUP = 'Zapier Slack Standup Bot with Gemini Summaries';

test('a buyer applies LAUNCH for 20% off and pays the discounted price; the creator sees its uses and revenue in /sales', async ({
  browser,
  page,
  baseURL,
}) => {
  const id = await demoProductId(page, STANDUP);

  // The creator makes the code at /sales/discounts, for this product only.
  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  await signIn(creator, DEMO.creator, baseURL!);
  await creator.goto('/sales/discounts');
  await hydrated(creator);
  const form = creator.getByRole('form', { name: 'New discount code' });
  await form.getByLabel('Code', { exact: true }).fill('launch');
  await form.getByLabel('Percentage off (%)').fill('20');
  await form.getByLabel('Chosen products').check();
  await form.getByLabel(STANDUP).check();
  await form.getByRole('button', { name: 'Create code' }).click();
  const codeRow = creator.getByRole('table', { name: 'Your discount codes' }).locator('tr[data-discount="LAUNCH"]');
  await expect(codeRow).toContainText('20% off');
  await expect(codeRow).toContainText(STANDUP);
  await expect(codeRow.locator('[data-uses]')).toHaveText('0');

  // Its terms change in place: a maximum of 50 uses, then back to the row (the code itself stays).
  await codeRow.getByRole('button', { name: 'Edit LAUNCH' }).click();
  const edit = creator.getByRole('form', { name: 'Edit LAUNCH' });
  await expect(edit.getByLabel('Code', { exact: true })).toHaveValue('LAUNCH');
  await expect(edit.getByLabel('Percentage off (%)')).toHaveValue('20');
  await expect(edit.getByLabel(STANDUP)).toBeChecked();
  await edit.getByLabel('Maximum uses (optional)').fill('50');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(codeRow.locator('[data-uses]')).toHaveText('0 / 50');
  await expect(creator.getByRole('form', { name: 'New discount code' })).toBeVisible();

  // The buyer: a wrong code is refused with its reason, then ?code=launch fills the field in.
  const email = await signUpVerifiedBuyer(page, baseURL!, 'Lena Launch');
  await page.goto(`/product/${id}`);
  await hydrated(page);
  await page.getByText('Add discount code').click();
  await page.getByLabel('Discount code').fill('NOPE-NOT-A-CODE');
  await page.getByRole('button', { name: 'Buy for $12.00' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This code does not exist. Check it and try again.' })).toBeVisible();

  await page.goto(`/product/${id}?code=launch`);
  await hydrated(page);
  await expect(page.getByLabel('Discount code')).toHaveValue('launch');
  await page.getByRole('button', { name: 'Buy for $12.00' }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_test_[A-Za-z0-9]+$/, { timeout: 20_000 });
  await hydrated(page);
  // The discount line before paying: $12.00 less 20% ($2.40) is $9.60.
  const line = page.locator('[data-discount-line]');
  await expect(line).toContainText('Discount (LAUNCH)');
  await expect(line).toContainText('−$2.40');
  await expect(page.locator('.co-price')).toContainText('$9.60');
  await payByCard(page, 'Pay $9.60');
  await expectPurchased(page, id);

  // The receipt names the code and the discount.
  const receipt = await readLatestEmail(email, /^Your receipt for /);
  expect(receipt).toContain('Discount (LAUNCH): -$2.40 of $12.00');
  expect(receipt).toContain('$9.60');

  // The creator: the code's uses and revenue, and the sale with its code, fee and net ($9.60 - 15% = $8.16).
  await creator.goto('/sales');
  const discountRow = creator.locator('tr[data-discount="LAUNCH"]');
  await expect(discountRow.locator('[data-uses]')).toHaveText('1 / 50');
  await expect(discountRow.locator('[data-paid-orders]')).toHaveText('1');
  await expect(discountRow.locator('[data-revenue]')).toHaveText('$9.60');
  const sale = creator.locator('tr', { hasText: 'Lena Launch' });
  await expect(sale).toContainText('$9.60');
  await expect(sale).toContainText('LAUNCH −$2.40');
  await expect(sale).toContainText('−$1.44');
  await expect(sale).toContainText('$8.16');
  await creatorContext.close();
});
