/**
 * Publishing through the API (docs/decisions/015): the product's page, the marketplace and
 * its tool's page are rendered again and stored within 2 seconds of each change, an edit
 * shows on the stored pages, and unpublishing hides the page at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

import { pageStoreDir } from '@/scripts/lib/page-store';
import { E2E_DATA_DIR as DATA_DIR } from '../support/e2e-env';

const stored = (pagePath: string) => path.join(pageStoreDir(DATA_DIR), `${pagePath}.html`);
const storedText = (pagePath: string) => (fs.existsSync(stored(pagePath)) ? fs.readFileSync(stored(pagePath), 'utf8') : '');

test('a product published, edited and unpublished through the API: its stored pages follow within 2 s, and it is gone at once', async ({
  request,
  baseURL,
  page,
}) => {
  const origin = { origin: baseURL! };
  const login = await request.post('/api/auth/sign-in/email', { headers: origin, data: { email: 'creator@example.com', password: 'toolmint-demo-2026' } });
  expect(login.status()).toBe(200);

  const title = `Rebuild Probe Workflow ${Date.now()}`;
  const product = {
    title,
    description: 'An n8n workflow used to check that publishing renders the static pages. Use it to help test the pipeline.',
    status: 'published',
    category_id: 'business',
    ai_tool_type: 'n8n',
    content_delivery_type: 'text',
    content_text: 'Step one.',
    tags: ['ai', 'automation', 'testing'],
  };
  const mtime = (pagePath: string) => (fs.existsSync(stored(pagePath)) ? fs.statSync(stored(pagePath)).mtimeMs : 0);
  const toolPageBefore = mtime('/tools/n8n');
  const created = await request.post('/api/me/products', { headers: origin, data: product });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // At once: served (rendered on demand if its stored page is not written yet).
  const live = await page.goto(`/product/${id}`);
  expect(live?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Within 2 s: stored, with the marketplace's first page and the n8n tool page.
  await expect.poll(() => storedText(`/product/${id}`).includes(title), { timeout: 2000, intervals: [100] }).toBe(true);
  await expect.poll(() => storedText('/marketplace').includes(title), { timeout: 2000, intervals: [100] }).toBe(true);
  await expect.poll(() => mtime('/tools/n8n') > toolPageBefore, { timeout: 2000, intervals: [100] }).toBe(true);

  // An edit: the stored page and what the server sends change within 2 s.
  const edited = `${title} v2`;
  const patched = await request.put(`/api/me/products/${id}`, { headers: origin, data: { ...product, title: edited } });
  expect(patched.status()).toBe(200);
  // Read your writes: at once, before the stored pages are written again, the server answers the edit.
  expect(await (await request.get(`/product/${id}`)).text()).toContain(edited);
  expect(await (await request.get('/marketplace')).text()).toContain(edited);
  await expect.poll(() => storedText(`/product/${id}`).includes(edited), { timeout: 2000, intervals: [100] }).toBe(true);
  await expect.poll(async () => (await (await request.get('/marketplace')).text()).includes(edited), { timeout: 2000, intervals: [100] }).toBe(true);
  const served = await request.get(`/product/${id}`, { headers: { 'accept-encoding': 'br' } });
  expect(served.headers()['etag']).toBeTruthy();
  expect(await served.text()).toContain(edited);

  // Unpublished: gone at once, its stored page removed, and not in search.
  const unpublished = await request.patch(`/api/me/products/${id}`, { headers: origin, data: { status: 'draft' } });
  expect(unpublished.status()).toBe(200);
  expect(fs.existsSync(stored(`/product/${id}`))).toBe(false);
  const gone = await page.goto(`/product/${id}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByText('Product not found')).toBeVisible();
  const search = await request.get(`/api/products?search=${encodeURIComponent('rebuild probe')}`);
  expect(((await search.json()) as { items: { id: string }[] }).items.map((p) => p.id)).not.toContain(id);
  await expect.poll(() => storedText('/marketplace').includes(edited), { timeout: 2000, intervals: [100] }).toBe(false);

  await request.delete(`/api/me/products/${id}`, { headers: origin });
});

test('a cross-origin write is refused', async ({ request }) => {
  const response = await request.post('/api/me/products', { headers: { origin: 'https://evil.example' }, data: {} });
  expect(response.status()).toBe(403);
});
