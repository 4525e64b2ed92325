/**
 * Licence keys in Chromium (issue 14, docs/decisions/026): the demo creator turns on licence
 * keys for one of their products in the editor; a new buyer buys it with the local test-mode
 * checkout and finds the key in /library (and copies it) and in the receipt email; the key
 * verifies through POST /api/v1/licenses/verify as a program would call it (no cookies, no
 * Origin); the creator disables it on /sales and verify then reports it disabled.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  expectPurchased,
  failOnPageErrors,
  hydrated,
  payByCard,
  readLatestEmail,
  signIn,
  signUpThroughApi,
  startCheckout,
  verificationLink,
} from './support';

failOnPageErrors();

const PRODUCT = 'n8n Lead Enrichment Workflow with Clearbit + HubSpot';
const KEY = /[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}/;

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

async function productId(page: Page, title: string): Promise<string> {
  const response = await page.request.get(`/api/products?search=${encodeURIComponent('Lead Enrichment Clearbit')}`);
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: { id: string; title: string }[] };
  const product = items.find((p) => p.title === title);
  if (!product) throw new Error(`No product '${title}'`);
  return product.id;
}

test('a creator turns on licence keys, a buyer gets one, it verifies, and the creator disables it', async ({ page, baseURL, playwright }) => {
  test.setTimeout(180_000);
  const id = await productId(page, PRODUCT);

  // The creator turns licence keys on in the product editor's Content Delivery section.
  await signIn(page, DEMO.creator, baseURL!);
  await page.goto(`/products?edit=${id}`);
  await hydrated(page);
  const toggle = page.getByLabel('Issue a license key with each purchase');
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Product updated')).toBeVisible();
  const saved = await page.request.get(`/api/me/products/${id}`);
  expect(((await saved.json()) as { issues_license_keys: boolean }).issues_license_keys).toBe(true);
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel('Issue a license key with each purchase')).toBeChecked();

  // A new buyer (verified: buying needs it) buys it with the test card.
  await page.context().clearCookies();
  const buyer = await signUpThroughApi(page, baseURL!, { userType: 'buyer', name: 'Kira Keyholder' });
  await page.goto(await verificationLink(buyer.email));
  await expect(page).toHaveURL(/\/auth\/verified$/);
  await startCheckout(page, id, 'Buy for $39.00');
  await payByCard(page, 'Pay $39.00');
  await expectPurchased(page, id);

  // The key in the library, with a Copy button that puts it on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await page.goto('/library');
  await hydrated(page);
  const item = page.getByRole('listitem', { name: PRODUCT });
  await expect(item.getByText('License key', { exact: true })).toBeVisible();
  const key = (await item.locator('code').innerText()).trim();
  expect(key).toMatch(KEY);
  await item.getByRole('button', { name: `Copy the license key of ${PRODUCT}` }).click();
  await expect(toasts(page).getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  // And in the receipt email.
  expect(await readLatestEmail(buyer.email, /^Your receipt/)).toContain(`License key: ${key}`);

  // The buyer's copy of the software checks the key: no cookies, no Origin, as a program calls it.
  const program = await playwright.request.newContext({ baseURL: baseURL! });
  const verify = (body: unknown) => program.post('/api/v1/licenses/verify', { data: body });
  const first = await verify({ product_id: id, license_key: key });
  expect(first.status()).toBe(200);
  expect(await first.json()).toMatchObject({
    success: true,
    uses: 1,
    purchase: { email: buyer.email, product_id: id, product_name: PRODUCT, license_key: key, refunded: false, disabled: false },
  });
  const unknown = await verify({ product_id: id, license_key: '00000000-00000000-00000000-00000000' });
  expect(unknown.status()).toBe(404);
  expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('LICENSE_NOT_FOUND');

  // The creator finds the key on /sales and disables it.
  await page.context().clearCookies();
  await signIn(page, DEMO.creator, baseURL!);
  await page.goto(`/sales?license=${key.slice(0, 8)}#licenses-title`);
  const panel = page.getByRole('region', { name: 'License keys' });
  const row = panel.getByRole('row').filter({ hasText: key });
  await expect(row).toContainText(PRODUCT);
  await expect(row).toContainText('Kira Keyholder');
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Disable license key ${key}` }).click();
  await expect(toasts(page).getByText('License key disabled')).toBeVisible();
  await expect(row).toContainText('Disabled');
  await expect(row.getByRole('button', { name: `Enable license key ${key}` })).toBeVisible();

  // Verify now reports it disabled, and counts no use.
  const refused = await verify({ product_id: id, license_key: key });
  expect(refused.status()).toBe(200);
  expect(await refused.json()).toMatchObject({
    success: false,
    message: 'This license key has been disabled.',
    uses: 1,
    purchase: { disabled: true, refunded: false, license_key: key },
  });
  await program.dispose();

  // The buyer's library says so too.
  await page.context().clearCookies();
  await signIn(page, { email: buyer.email, password: 'Str0ng!pass' }, baseURL!);
  await page.goto('/library');
  await hydrated(page);
  await expect(page.getByRole('listitem', { name: PRODUCT }).getByText('Disabled', { exact: true })).toBeVisible();
});
