/**
 * API keys for creators (docs/decisions/025), the journey end to end: a creator signs in,
 * makes a key at /settings/api, copies it from the page (the Copy button, through the real
 * clipboard), and with plain HTTP requests carrying `Authorization: Bearer` (no cookies)
 * uploads a cover image and a deliverable, creates a product and publishes it; the product
 * then appears on /marketplace, which is rendered again on the change. Back on the page the
 * key shows when it was last used, and once revoked it answers 401.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, failOnPageErrors, hydrated } from './support';

failOnPageErrors();

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a creator makes an API key, publishes a product with it from a script, and revokes it', async ({ page, playwright, baseURL }) => {
  // Sign in as a creator would: the private page sends them to /auth and back.
  await page.goto('/settings/api');
  await expect(page).toHaveURL(/\/auth\?mode=login&redirect=%2Fsettings%2Fapi/);
  await hydrated(page);
  await page.getByLabel('Email').fill(DEMO.creator.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.creator.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/settings\/api$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API' })).toBeVisible();
  await hydrated(page);

  // The form checks before it posts: no name, no permission.
  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByRole('alert')).toContainText('2 fields need attention');
  await expect(page.getByLabel('Name')).toBeFocused();

  const keyName = `Release script ${Date.now()}`;
  await page.getByLabel('Name').fill(keyName);
  await page.getByRole('checkbox', { name: /Read products/ }).check();
  await page.getByRole('checkbox', { name: /Write products/ }).check();
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('region', { name: `Copy your new key “${keyName}” now` });
  await expect(shown).toBeVisible();
  await expect(shown).toBeFocused();
  await expect(shown).toContainText('You will not see it again.');
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await expect(shown.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toMatch(/^tm_[A-Za-z]{64}$/);
  await expect(shown.getByLabel('Your new API key')).toHaveValue(key);
  const row = page.locator('tr', { hasText: keyName });
  await expect(row).toContainText(`${key.slice(0, 10)}…`);
  await expect(row).toContainText('products:read');
  await expect(row).toContainText('products:write');
  await expect(row).toContainText('Never');
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();
  // Gone for good: a reload lists the key without its secret.
  await page.reload();
  await expect(page.locator('tr', { hasText: keyName })).toBeVisible();
  expect(await page.content()).not.toContain(key);

  // A script: no cookies, no Origin, only the key.
  const script = await playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
  const cover = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 91, g: 63, b: 214 } } })
    .png()
    .toBuffer();
  const image = await script.post('/api/uploads/images', {
    multipart: { slot: 'main', index: '0', file: { name: 'cover.png', mimeType: 'image/png', buffer: cover } },
  });
  expect(image.status(), await image.text()).toBe(201);
  const imageUrl = ((await image.json()) as { url: string }).url;
  const file = await script.post('/api/uploads/files', {
    multipart: { file: { name: 'release-checklist.txt', mimeType: 'text/plain', buffer: Buffer.from('1. Tag the release.\n2. Publish the notes.\n') } },
  });
  expect(file.status(), await file.text()).toBe(201);
  const fileUrl = ((await file.json()) as { url: string }).url;

  const title = `Release Checklist Automation ${Date.now()}`;
  const created = await script.post('/api/me/products', {
    data: {
      title,
      description: 'A release checklist and the prompts that fill it in: tag, changelog, announcement. Published from a script with an API key.',
      status: 'draft',
      price: 0,
      pricing_model: 'free',
      category_id: 'business',
      ai_tool_type: 'n8n',
      image_url: imageUrl,
      content_delivery_type: 'file',
      file_urls: [fileUrl],
      tags: ['release', 'automation', 'checklist'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { id: string; status: string };
  expect(product.status).toBe('draft');
  expect((await script.get(`/api/me/products/${product.id}`)).status()).toBe(200);

  const published = await script.patch(`/api/me/products/${product.id}`, { data: { status: 'published' } });
  expect(published.status(), await published.text()).toBe(200);
  expect(published.headers()['set-cookie']).toBeUndefined();

  // The marketplace is rendered again on the change (docs/decisions/015): it lists the product.
  await expect.poll(async () => (await (await page.request.get('/marketplace')).text()).includes(title), { timeout: 5000, intervals: [200] }).toBe(true);
  await page.goto('/marketplace');
  await expect(page.getByText(title).first()).toBeVisible();
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A browser's cookies still meet the origin rule, a multipart upload included.
  const forged = await page.request.post('/api/uploads/files', {
    headers: { origin: 'https://elsewhere.example' },
    multipart: { file: { name: 'forged.txt', mimeType: 'text/plain', buffer: Buffer.from('forged') } },
  });
  expect(forged.status()).toBe(403);

  // The key cannot reach the account, whatever it holds.
  const profile = await script.get('/api/profile');
  expect(profile.status()).toBe(403);
  expect(((await profile.json()) as { error: { message: string } }).error.message).toBe('API keys cannot be used on this route');

  // A bodiless DELETE from a script (no Origin): the test's product goes again.
  const removed = await script.delete(`/api/me/products/${product.id}`);
  expect(removed.status(), await removed.text()).toBe(204);

  // Back on the page: last used, then revoked with a confirmation; the script is refused.
  await page.goto('/settings/api');
  await hydrated(page);
  const keyRow = page.locator('tr', { hasText: keyName });
  await expect(keyRow).not.toContainText('Never');
  await expect(keyRow.locator('time')).toHaveCount(2);
  await keyRow.getByRole('button', { name: `Revoke ${keyName}` }).click();
  await expect(keyRow.getByRole('group', { name: `Revoke ${keyName}?` })).toContainText('Scripts using it stop working at once.');
  await keyRow.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(page.locator('tr', { hasText: keyName })).toHaveCount(0);
  const refused = await script.get('/api/me/products');
  expect(refused.status()).toBe(401);
  await script.dispose();
});

test('a visitor is sent to sign in, and the account menu links to the page', async ({ page }) => {
  const response = await page.goto('/settings/api');
  expect(response?.url()).toMatch(/\/auth\?mode=login&redirect=%2Fsettings%2Fapi$/);
  await page.goto('/auth?mode=login');
  await hydrated(page);
  await page.getByLabel('Email').fill(DEMO.creator.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.creator.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.locator('#user-menu-panel').getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/settings\/api$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API' })).toBeVisible();
});
