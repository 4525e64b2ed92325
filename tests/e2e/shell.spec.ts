import { expect, test } from '@playwright/test';
import { FOOTER_NAV, MAIN_NAV } from '@/src/shared/navigation';

test('home answers 200 with the wordmark and demo products', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('link', { name: 'toolmint home' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('AI tools that actually work for you');
  await expect(page.getByRole('region', { name: 'Featured tools' }).getByRole('article').first()).toBeVisible();
});

test('an unknown path shows the 404 page with status 404 and a link home', async ({ page }) => {
  const response = await page.goto('/this/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('every nav and footer link answers 200', async ({ request }) => {
  const hrefs = new Set<string>([...MAIN_NAV.filter((l) => !l.signedInOnly).map((l) => l.href), ...FOOTER_NAV.flatMap((g) => g.links.map((l) => l.href))]);
  for (const href of hrefs) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
  }
});

test('desktop navigation highlights the active link', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/community');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Community' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Marketplace' })).not.toHaveAttribute('aria-current', 'page');
});

test('the mobile sheet opens and closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('link', { name: 'AI Tools' })).toBeVisible();
  await sheet.getByRole('button', { name: 'Close menu' }).click();
  await expect(sheet).toBeHidden();
});

test('terms and privacy are complete documents', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  expect(await page.locator('article.legal h2').count()).toBeGreaterThan(10);
  // They describe the product as it is: payments, affiliates, the community's moderation, the API.
  for (const heading of ['8. Buying and payments', '11. Affiliates', '13. Community and moderation', '15. API keys and webhooks']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.locator('article.legal')).not.toContainText(/not open yet|coming soon|once payments are live/i);
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  expect(await page.locator('article.legal h2').count()).toBeGreaterThan(8);
  await expect(page.locator('article.legal')).toContainText('toolmint_ref');
  await expect(page.locator('article.legal')).not.toContainText(/not live yet|once payments are live|when paid checkout launches/i);
});

test('the server compresses text responses', async ({ request }) => {
  const page = await request.get('/marketplace', { headers: { 'accept-encoding': 'gzip' } });
  expect(page.headers()['content-encoding']).toBe('gzip');
  const asset = (await page.text()).match(/\/_astro\/[\w.-]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const script = await request.get(asset!, { headers: { 'accept-encoding': 'br' } });
  expect(script.headers()['content-encoding']).toBe('br');
});
