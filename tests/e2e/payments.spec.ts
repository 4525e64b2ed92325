/**
 * Payments in Chromium with the local test-mode provider (issue 11): buying a $79 product with
 * 4242 4242 4242 4242 and downloading it; a decline with 4000 0000 0000 0002 showing the
 * message and granting nothing; cancelling a checkout; a refund from /library; a subscription
 * bought then cancelled; the card form's field messages; the creator seeing the sale, the fee
 * and the net on /sales and /earnings, the sale's notice in /tool-updates and the badge, and
 * requesting a payout; an admin refunding the order from /admin/orders. Each test signs up a
 * fresh buyer.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, failOnPageErrors, hydrated, readLatestEmail, signIn, verificationLink } from './support';

failOnPageErrors();

const CHURN = 'Customer Churn Prediction Model (XGBoost) with Feature Config';
const WEBINAR = 'Zapier Webinar Follow-Up Kit (Zoom to HubSpot to Gmail)';
const SREFS = 'Midjourney Editorial Illustration Sref Codes Collection';

const toast = (page: Page) => page.locator('.toast');

async function productId(page: Page, title: string): Promise<string> {
  const response = await page.request.get(`/api/products?search=${encodeURIComponent(title.split(' ').slice(0, 3).join(' '))}`);
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: { id: string; title: string }[] };
  const product = items.find((p) => p.title === title);
  if (!product) throw new Error(`No product '${title}'`);
  return product.id;
}

async function signUpBuyer(page: Page, baseURL: string, name = 'Paula Payer'): Promise<string> {
  const email = `payer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, full_name: name, email, password: 'Str0ng!pass', user_type: 'buyer' },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  // Buying needs a verified email (docs/decisions/012): follow the link from the outbox.
  await page.goto(await verificationLink(email));
  await expect(page).toHaveURL(/\/auth\/verified$/);
  return email;
}

/** From the product page to the local checkout page. */
async function startCheckout(page: Page, id: string, buttonName: string): Promise<void> {
  await page.goto(`/product/${id}`);
  await hydrated(page);
  await page.getByRole('button', { name: buttonName }).click();
  // A server-rendered page on a busy machine: allow it time.
  await expect(page).toHaveURL(/\/checkout\/cs_test_[A-Za-z0-9]+$/, { timeout: 20_000 });
  await hydrated(page);
  await expect(page.getByRole('note')).toContainText('Test mode');
}

async function pay(page: Page, card: string, buttonName: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: buttonName }).click();
}

test('a buyer buys a $79 product with 4242 4242 4242 4242 and downloads it', async ({ page, baseURL }) => {
  const id = await productId(page, CHURN);
  const email = await signUpBuyer(page, baseURL!);
  await startCheckout(page, id, 'Buy for $79.00');
  await expect(page.getByRole('heading', { name: CHURN })).toBeVisible();
  await expect(page.getByText('$79.00', { exact: true })).toBeVisible();
  await pay(page, '4242 4242 4242 4242', 'Pay $79.00');

  await expect(page).toHaveURL(new RegExp(`/product/${id}$`), { timeout: 20_000 });
  await expect(toast(page)).toContainText('Purchase successful!');
  await expect(page.getByRole('status').filter({ hasText: 'Your download is ready.' })).toBeVisible();
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Your download' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link').first()).toBeVisible();

  // The receipt email (the outbox): order number, product, amount and a library link.
  const receipt = await readLatestEmail(email);
  expect(receipt).toMatch(/Order number: TM-\d{6}/);
  expect(receipt).toContain(`Product: ${CHURN}`);
  expect(receipt).toContain('Amount: $79.00');
  expect(receipt).toContain(`${baseURL}/library`);

  // The library lists it with its receipt.
  await page.goto('/library');
  await hydrated(page);
  const item = page.getByRole('listitem', { name: CHURN });
  await expect(item).toContainText('$79.00');
  await expect(item).toContainText('Paid');
  await item.getByText(/^Receipt TM-\d{6}$/).click();
  await expect(item.getByText('Order number')).toBeVisible();
});

test('a decline with 4000 0000 0000 0002 shows the message and grants nothing', async ({ page, baseURL }) => {
  const id = await productId(page, CHURN);
  await signUpBuyer(page, baseURL!);
  await startCheckout(page, id, 'Buy for $79.00');
  await pay(page, '4000 0000 0000 0002', 'Pay $79.00');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout\//);
  await pay(page, '4000 0000 0000 9995', 'Pay $79.00');
  await expect(page.getByRole('alert')).toHaveText('Your card has insufficient funds.');

  const download = await page.request.post(`/api/products/${id}/download`, { headers: { Origin: baseURL! } });
  expect(download.status()).toBe(402);
  expect(await download.json()).toEqual({ error: { code: 'PAYMENT_REQUIRED', message: 'Buy this product to download it' } });
  await page.goto(`/product/${id}`);
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Buy for $79.00' })).toBeVisible();
});

test("the card form shows the server's field messages under their fields and charges nothing", async ({ page, baseURL }) => {
  const id = await productId(page, CHURN);
  await signUpBuyer(page, baseURL!);
  await startCheckout(page, id, 'Buy for $79.00');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('01 / 20');
  await page.getByLabel('CVC').fill('1');
  await page.getByRole('button', { name: 'Pay $79.00' }).click();
  await expect(page.getByText('Your card’s expiration date is incomplete or in the past.')).toBeVisible();
  await expect(page.getByText('Your card’s security code is incomplete.')).toBeVisible();
  await expect(page.getByLabel('Expiry')).toBeFocused();
  await expect(page).toHaveURL(/\/checkout\//);
  expect((await page.request.post(`/api/products/${id}/download`, { headers: { Origin: baseURL! } })).status()).toBe(402);
});

test('cancelling a checkout returns to the product with nothing charged', async ({ page, baseURL }) => {
  const id = await productId(page, CHURN);
  await signUpBuyer(page, baseURL!);
  await startCheckout(page, id, 'Buy for $79.00');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${id}`), { timeout: 20_000 });
  await expect(toast(page)).toContainText('Nothing was charged.');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Buy for $79.00' })).toBeVisible();
  await page.goto('/library');
  await expect(page.getByRole('heading', { name: 'Your library is empty' })).toBeVisible();
});

test('a refund from /library revokes access', async ({ page, baseURL }) => {
  const id = await productId(page, CHURN);
  await signUpBuyer(page, baseURL!);
  await startCheckout(page, id, 'Buy for $79.00');
  await pay(page, '4242 4242 4242 4242', 'Pay $79.00');
  await expect(toast(page)).toContainText('Purchase successful!');

  await page.goto('/library');
  await hydrated(page);
  const item = page.getByRole('listitem', { name: CHURN });
  page.once('dialog', (dialog) => void dialog.accept());
  await item.getByRole('button', { name: /Request refund/ }).click();
  await expect(toast(page)).toContainText('Refund issued');
  await expect(item).toContainText('Refunded');
  await expect(item.getByRole('button', { name: /Download again/ })).toHaveCount(0);
  expect((await page.request.post(`/api/products/${id}/download`, { headers: { Origin: baseURL! } })).status()).toBe(402);
});

test('a subscription bought, then cancelled at the end of the period', async ({ page, baseURL }) => {
  const id = await productId(page, SREFS);
  await signUpBuyer(page, baseURL!);
  await startCheckout(page, id, 'Subscribe for $9.99/month');
  await pay(page, '4242 4242 4242 4242', 'Subscribe $9.99/month');
  await expect(toast(page)).toContainText('Purchase successful!');
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeVisible();

  await page.goto('/library');
  await hydrated(page);
  const item = page.getByRole('listitem', { name: SREFS });
  await expect(item).toContainText('$9.99 / month');
  await expect(item).toContainText(/Renews/);
  await item.getByRole('button', { name: /Cancel subscription/ }).click();
  await expect(toast(page)).toContainText('Subscription cancelled');
  await expect(item).toContainText(/Ends/);
  // Access lasts until the paid period ends.
  expect((await page.request.post(`/api/products/${id}/download`, { headers: { Origin: baseURL! } })).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('listitem', { name: SREFS })).toContainText(/Ends/);
});

test('the creator sees the sale, the fee and the net on /sales and /earnings, requests a payout, and an admin refunds it', async ({
  page,
  browser,
  baseURL,
}) => {
  const id = await productId(page, WEBINAR);
  const buyerEmail = await signUpBuyer(page, baseURL!, 'Sasha Sale');
  await startCheckout(page, id, 'Buy for $19.00');
  await pay(page, '4242 4242 4242 4242', 'Pay $19.00');
  await expect(toast(page)).toContainText('Purchase successful!');

  const context = await browser.newContext();
  const creator = await context.newPage();
  await signIn(creator, DEMO.creator, baseURL!);
  await creator.goto('/sales');
  const row = creator.locator('tr', { hasText: 'Sasha Sale' });
  await expect(row).toContainText(WEBINAR);
  await expect(row).toContainText('$19.00');
  await expect(row).toContainText('−$2.85');
  await expect(row).toContainText('$16.15');
  await creator.goto('/earnings');
  const line = creator.locator('tbody tr').filter({ hasText: WEBINAR }).first();
  await expect(line).toContainText('$19.00');
  await expect(line).toContainText('−$2.85');
  await expect(line).toContainText('$16.15');

  // The bell: the sale is a notice in /tool-updates, counted in the header's badge; opening it
  // leads to /sales and reads it.
  await creator.goto('/tool-updates');
  await hydrated(creator);
  const notice = creator.locator('li.forder', { hasText: `New sale: ${WEBINAR} — $19.00` }).first();
  await expect(notice).toHaveClass(/is-unread/);
  await expect(creator.locator('[data-unread-badge]:not([hidden])').first()).toHaveText(/^(\d+|99\+)$/);
  await notice.getByRole('link', { name: /^New sale:/ }).click();
  await expect(creator).toHaveURL(/\/sales$/);
  await expect(async () => {
    await creator.goto('/tool-updates');
    await expect(creator.locator('li.forder', { hasText: `New sale: ${WEBINAR} — $19.00` }).first()).not.toHaveClass(/is-unread/, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  // 'Request Payout' pays out the available balance, this sale's net included.
  await creator.goto('/earnings');
  await creator.getByRole('button', { name: 'Request Payout' }).click();
  await expect(creator.locator('.toast')).toContainText('Payout requested');
  await expect(creator.locator('tbody tr').filter({ hasText: WEBINAR }).first()).toContainText('Processing');
  await context.close();

  // An administrator finds the order by the buyer's email and refunds it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin, baseURL!);
  await admin.goto(`/admin/orders?q=${encodeURIComponent(buyerEmail)}`);
  const order = admin.locator('tbody tr', { hasText: buyerEmail });
  await expect(order).toHaveCount(1);
  await expect(order).toContainText('$19.00');
  admin.once('dialog', (dialog) => void dialog.accept());
  await order.getByRole('button', { name: /^Refund/ }).click();
  await expect(admin.locator('.toast')).toContainText('Order refunded');
  await expect(order).toContainText('Refunded');
  await adminContext.close();
  expect((await page.request.post(`/api/products/${id}/download`, { headers: { Origin: baseURL! } })).status()).toBe(402);
});
