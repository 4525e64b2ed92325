/**
 * Refunds with a policy in Chromium (issue 27, docs/decisions/049): the product page and the
 * checkout state the product's refund policy before paying; a buyer who downloaded the product
 * asks for a refund with a reason from /library, the creator approves it from /sales with a
 * message, and the buyer loses access and is told (the email, the library).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, demoProductId, expectPurchased, failOnPageErrors, hydrated, payByCard, readLatestEmail, signIn, signUpVerifiedBuyer } from './support';

failOnPageErrors();

const WEBINAR = 'Zapier Webinar Follow-Up Kit (Zoom to HubSpot to Gmail)';

const toast = (page: Page) => page.locator('.toast');

test('a buyer downloads, asks for a refund with a reason, the creator approves it from /sales and the buyer loses access', async ({
  page,
  browser,
  baseURL,
}) => {
  const id = await demoProductId(page, WEBINAR);
  const buyerEmail = await signUpVerifiedBuyer(page, baseURL!, 'Rory Refund');

  // The policy before paying: on the product page, then at checkout.
  await page.goto(`/product/${id}`);
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Refunds: within 30 days' })).toHaveAttribute('href', '/terms#refunds');
  await page.getByRole('button', { name: 'Buy for $19.00' }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_test_[A-Za-z0-9]+$/, { timeout: 20_000 });
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Refunds: within 30 days' })).toBeVisible();
  await payByCard(page, 'Pay $19.00');
  await expectPurchased(page, id);

  // The buyer downloads it: from now on a refund is a request to the creator.
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Your download' })).toBeVisible();

  await page.goto('/library');
  await hydrated(page);
  const item = page.getByRole('listitem', { name: WEBINAR });
  await item.getByRole('button', { name: /Request refund/ }).click();
  const form = item.getByRole('form', { name: `Refund request for ${WEBINAR}` });
  await form.getByRole('button', { name: 'Send refund request' }).click();
  await expect(form.getByRole('alert')).toHaveText('Tell the creator why you want a refund');
  await form.getByLabel('Why do you want a refund?').fill('The kit needs a HubSpot plan I do not have.');
  await form.getByRole('button', { name: 'Send refund request' }).click();
  await expect(toast(page)).toContainText('Refund request sent');
  await expect(item).toContainText('Refund requested.');
  await expect(item.getByRole('button', { name: /Request refund/ })).toHaveCount(0);
  // Access stays until it is decided.
  await expect(item.getByRole('button', { name: /Download again/ })).toBeVisible();

  // The creator answers from /sales.
  const context = await browser.newContext();
  const creator = await context.newPage();
  await signIn(creator, DEMO.creator, baseURL!);
  await creator.goto('/sales');
  const request = creator.getByRole('listitem').filter({ hasText: 'The kit needs a HubSpot plan I do not have.' });
  await expect(request).toContainText(WEBINAR);
  await expect(request).toContainText('Rory Refund');
  await request.getByLabel('Message to the buyer (optional)').fill('Sorry it did not fit your setup.');
  await request.getByRole('button', { name: /^Approve refund/ }).click();
  await expect(creator.locator('.toast')).toContainText('Refund approved');
  await expect(creator.getByRole('listitem').filter({ hasText: 'The kit needs a HubSpot plan I do not have.' })).toHaveCount(0, { timeout: 15_000 });
  await context.close();

  // The buyer is told and has lost access.
  // The answer's email, sent by the job engine (docs/decisions/051).
  const email = (await readLatestEmail(buyerEmail, /^Your refund request for /)).replace(/\s+/g, ' ');
  expect(email).toContain('The creator approved your refund request.');
  expect(email).toContain('Sorry it did not fit your setup.');
  await page.reload();
  await hydrated(page);
  const refunded = page.getByRole('listitem', { name: WEBINAR });
  await expect(refunded).toContainText('Refunded');
  await expect(refunded.getByRole('button', { name: /Download again/ })).toHaveCount(0);
  expect((await page.request.post(`/api/products/${id}/download`, { headers: { Origin: baseURL! } })).status()).toBe(402);
});
