/**
 * The API's documentation as a developer meets it: /developers lists every operation of
 * /api/openapi.json (the same declarations), prebuilt with no script of its own, linked from the footer.
 */
import { expect, test } from '@playwright/test';

test('/developers documents every operation of /api/openapi.json, without JavaScript of its own', async ({ page, request }) => {
  const openapi = await request.get('/api/openapi.json');
  expect(openapi.ok()).toBe(true);
  const doc = (await openapi.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
  expect(doc.openapi).toBe('3.1.0');
  const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
  expect(operations.length).toBeGreaterThan(2);

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'API for developers' }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await expect(page.locator('article.api-op')).toHaveCount(operations.length);
  // One read of every article's id (a locator per operation is 150 round trips).
  const ids = await page.locator('article.api-op').evaluateAll((nodes) => nodes.map((n) => n.id).sort());
  expect(ids).toEqual(operations.map((op) => op.operationId).sort());
  // No script of its own: only the layout's (the header and the toasts), the same as /terms.
  const scripts = async () => page.locator('script').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('src') ?? n.textContent ?? '').sort());
  const own = await scripts();
  await page.goto('/terms');
  expect(own).toEqual(await scripts());
  await page.goBack();
  await expect(page.getByRole('link', { name: '/api/openapi.json' })).toHaveAttribute('href', '/api/openapi.json');
});
