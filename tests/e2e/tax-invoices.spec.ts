/**
 * Tax and invoices in Chromium (issue 27, docs/decisions/050): a buyer in Germany sees the
 * seller, 'VAT 19% (Germany)' and the total before paying, pays with 4242 4242 4242 4242, then
 * opens the invoice from /library and finds the tax line, the total and the card; another
 * user gets the 404 page for that invoice. Each run signs up fresh buyers.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoProductId, expectPurchased, failOnPageErrors, hydrated, payByCard, signUpThroughApi, startCheckout, verificationLink } from './support';

failOnPageErrors();

const CHURN = 'Customer Churn Prediction Model (XGBoost) with Feature Config';

/** A verified buyer, signed in on `page`. */
async function verifiedBuyer(page: Page, baseURL: string, name: string): Promise<void> {
  const { email } = await signUpThroughApi(page, baseURL, { userType: 'buyer', name });
  await page.goto(await verificationLink(email));
  await expect(page).toHaveURL(/\/auth\/verified$/);
}

test('a buyer in Germany sees VAT 19% and the total before paying, and an invoice with the tax line after', async ({ page, baseURL, browser }) => {
  const id = await demoProductId(page, CHURN);
  await verifiedBuyer(page, baseURL!, 'Greta Germany');
  await startCheckout(page, id, 'Buy for $79.00');

  // The creator sells; toolmint is the marketplace.
  await expect(page.getByText('Sold by Sofia Rossi through toolmint')).toBeVisible();
  await expect(page.getByText(/Pay toolmint/)).toHaveCount(0);

  const quote = page.locator('.co-quote');
  await expect(quote).toContainText('Choose your country');
  await page.getByLabel('Country').selectOption({ label: 'Germany' });
  await expect(quote).toContainText('VAT 19% (Germany)');
  await expect(quote.getByRole('definition').nth(1)).toHaveText('$15.01');
  await expect(quote.locator('.co-quote-total dd')).toHaveText('$94.01');

  // A malformed VAT ID is answered under its field, and the quote keeps the consumer's VAT.
  await page.getByText('Buying for a business?').click();
  await page.getByLabel('EU VAT ID (optional)').fill('DE123');
  await page.getByLabel('EU VAT ID (optional)').blur();
  await expect(page.getByText('This is not a valid VAT ID for Germany (for example DE123456789).')).toBeVisible();
  await page.getByLabel('EU VAT ID (optional)').fill('');
  await page.getByLabel('EU VAT ID (optional)').blur();
  await expect(quote).toContainText('VAT 19% (Germany)');

  await payByCard(page, 'Pay $94.01', { country: null });
  await expectPurchased(page, id);

  // The invoice, from the library.
  await page.goto('/library');
  await hydrated(page);
  const item = page.getByRole('listitem', { name: CHURN });
  await item.getByText(/^Receipt TM-\d{6}$/).click();
  await expect(item).toContainText('$15.01');
  await item.getByRole('link', { name: 'Invoice' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/invoice$/);
  const invoice = page.getByRole('article');
  await expect(invoice.getByRole('heading', { level: 2 })).toHaveText(/^Invoice INV-\d{4}-\d{6}$/);
  await expect(invoice).toContainText('Sold by Sofia Rossi through toolmint');
  await expect(invoice).toContainText('Greta Germany');
  await expect(invoice).toContainText('Germany');
  const taxLine = invoice.getByRole('row', { name: /VAT 19% \(Germany\)/ });
  await expect(taxLine).toContainText('$15.01 USD');
  await expect(invoice.getByRole('row', { name: /^Total/ })).toContainText('$94.01 USD');
  await expect(invoice).toContainText('Paid with: Visa ending in 4242');
  const invoiceUrl = page.url();

  // Anyone else: the 404 page, which does not say the order exists.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await verifiedBuyer(otherPage, baseURL!, 'Nosy Neighbour');
  const response = await otherPage.goto(invoiceUrl);
  expect(response?.status()).toBe(404);
  await expect(otherPage.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(otherPage.getByText('$94.01')).toHaveCount(0);
  await other.close();
});
