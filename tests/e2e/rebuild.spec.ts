/**
 * Publishing through the API: the page is served at once (on demand), the background
 * rebuild puts it in the static output, and unpublishing removes it at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

import { E2E_DATA_DIR as DATA_DIR } from '../support/e2e-env';

test('a product published through the API is live at once, prebuilt within 2 minutes, gone at once when unpublished', async ({ request, baseURL, page }) => {
  test.setTimeout(180_000);
  const origin = { origin: baseURL! };
  const login = await request.post('/api/auth/sign-in/email', { headers: origin, data: { email: 'creator@example.com', password: 'toolmint-demo-2026' } });
  expect(login.status()).toBe(200);

  const title = `Rebuild Probe Workflow ${Date.now()}`;
  const created = await request.post('/api/me/products', {
    headers: origin,
    data: {
      title,
      description: 'An n8n workflow used to check that publishing rebuilds the static pages. Use it to help test the pipeline.',
      status: 'published',
      category_id: 'business',
      ai_tool_type: 'n8n',
      content_delivery_type: 'text',
      content_text: 'Step one.',
      tags: ['ai', 'automation', 'testing'],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // At once: rendered on demand.
  const live = await page.goto(`/product/${id}`);
  expect(live?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Within 2 minutes: in the rebuilt static output.
  await expect
    .poll(() => {
      const builds = `${DATA_DIR}/dist-rebuilds`;
      if (!fs.existsSync(builds)) return false;
      return fs.readdirSync(builds).some((b) => fs.existsSync(path.join(builds, b, 'client', 'product', id, 'index.html')));
    }, { timeout: 120_000, intervals: [2000] })
    .toBe(true);
  const prebuilt = await request.get(`/product/${id}`);
  expect(prebuilt.status()).toBe(200);
  expect(await prebuilt.text()).toContain(title);

  // Unpublished: gone at once, though the prebuilt file is still on disk.
  const patched = await request.patch(`/api/me/products/${id}`, { headers: origin, data: { status: 'draft' } });
  expect(patched.status()).toBe(200);
  const gone = await page.goto(`/product/${id}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByText('Product not found')).toBeVisible();
  const search = await request.get(`/api/products?search=${encodeURIComponent('rebuild probe')}`);
  expect(((await search.json()) as { items: { id: string }[] }).items.map((p) => p.id)).not.toContain(id);

  await request.delete(`/api/me/products/${id}`, { headers: origin });
});

test('a cross-origin write is refused', async ({ request }) => {
  const response = await request.post('/api/me/products', { headers: { origin: 'https://evil.example' }, data: {} });
  expect(response.status()).toBe(403);
});
