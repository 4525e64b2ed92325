/**
 * Issue 15, real numbers only (docs/decisions/028), in Chromium against the seeded server:
 * the landing shows no invented figure (its product count is the catalogue's, rounded down),
 * its promises link to where they are kept, the login panel claims no figure, a product
 * without reviews says 'No ratings yet' on its card and its page (no AggregateRating), and a
 * metric the creator did not set is not on the page.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { roundedFigure } from '@/src/shared/site-figures';
import { DEMO_PASSWORD, hydrated } from './support';

/** Every published product, counted through the public search API a page at a time. */
async function countPublished(request: APIRequestContext): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const response = await request.get(`/api/products?limit=60${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { items: unknown[]; nextCursor: string | null };
    count += body.items.length;
    cursor = body.nextCursor;
  } while (cursor);
  return count;
}

test('the landing shows only figures counted from the catalogue, and promises that link to where they are kept', async ({ page, request }) => {
  const published = await countPublished(request);
  await page.goto('/');
  const figures = page.getByRole('region', { name: 'toolmint in numbers' });
  await expect(figures.locator('[data-figure="products"] strong')).toHaveText(roundedFigure(published));
  for (const invented of ['50K+', '10,000+', '24/7', 'Users']) await expect(figures.getByText(invented, { exact: true })).toHaveCount(0);
  await expect(figures.getByRole('link', { name: /Refunds.*Policy shown before you pay/ })).toHaveAttribute('href', '/terms#refunds');
  await expect(figures.getByRole('link', { name: /Support.*Contact the team/ })).toHaveAttribute('href', '/support');

  const grid = page.getByRole('region', { name: 'Find tools for every kind of work' });
  await expect(grid.getByText(/^[\d,]+\+ tools$/)).toHaveCount(0);
  for (const count of await grid.locator('.count').allTextContents()) expect(count).toMatch(/^\d[\d,.]*[KM]?\+ products$/);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact & support' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact and support' })).toBeVisible();
  await expect(page.locator('[data-support-email]')).toHaveAttribute('href', /^mailto:.+@.+/);
});

test('the login panel claims no figure', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/auth');
  const panel = page.getByRole('complementary', { name: 'About toolmint' });
  await expect(panel.getByText('Every rating comes from a real review')).toBeVisible();
  await expect(panel).not.toContainText('4.9');
  await expect(panel).not.toContainText('50K+');
});

test("a product without reviews says 'No ratings yet', and shows only the metrics its creator set", async ({ page, request, baseURL }) => {
  const origin = { origin: baseURL! };
  const login = await request.post('/api/auth/sign-in/email', { headers: origin, data: { email: 'creator@example.com', password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const title = `Unrated Honest Figures Probe ${Date.now()}`;
  const created = await request.post('/api/me/products', {
    headers: origin,
    data: {
      title,
      description: 'A product made by the end-to-end tests to check that an unrated product shows no rating and no unset metric.',
      status: 'published',
      category_id: 'business',
      ai_tool_type: 'n8n',
      content_delivery_type: 'text',
      content_text: 'Step one.',
      success_rate: 70,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  try {
    await page.goto(`/product/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const stats = page.locator('.pp-stats');
    await expect(stats.getByText('No ratings yet')).toBeVisible();
    await expect(stats).not.toContainText('4.8');
    // The one metric set is shown; the others are left out.
    await expect(page.getByText('70%', { exact: true })).toBeVisible();
    for (const unset of ['Setup time', 'Integration', 'Technical level']) await expect(page.getByText(unset, { exact: true })).toHaveCount(0);
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.join('\n')).toContain(title);
    expect(ld.join('\n')).not.toContain('AggregateRating');

    // Its marketplace card.
    await page.goto(`/marketplace?search=${encodeURIComponent('Honest Figures Probe')}`);
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card.getByText('No ratings yet')).toBeVisible();
    await expect(card).not.toContainText('★');
  } finally {
    await request.delete(`/api/me/products/${id}`, { headers: origin });
  }
});

test("the editor starts the metrics at the spec's values, marked not shown until the creator changes them", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const login = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL! },
    data: { email: 'creator@example.com', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  await page.goto('/products?new=1');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Create AI-Native Product' })).toBeVisible();
  const note = (name: string) => page.locator(`[data-metric-note="${name}"]`);
  for (const name of ['technical_level', 'integration_complexity', 'success_rate', 'avg_setup_time']) {
    await expect(note(name)).toHaveText(/Not shown to buyers until you change it/);
  }
  // The starting value is still on the control.
  await expect(page.locator('output[for$="success_rate"]')).toHaveText('85%');
  // Changing it sets it; 'Don't show' puts it back to not set, at its starting value.
  await page.getByLabel('Success rate').fill('70');
  await expect(note('success_rate')).toHaveText(/Shown on the product page/);
  await expect(note('integration_complexity')).toHaveText(/Not shown to buyers/);
  await note('success_rate').getByRole('button', { name: "Don't show" }).click();
  await expect(note('success_rate')).toHaveText(/Not shown to buyers/);
  await expect(page.locator('output[for$="success_rate"]')).toHaveText('85%');
  // Choosing a technical level sets it.
  await page.getByRole('radio', { name: 'Advanced' }).check();
  await expect(note('technical_level')).toHaveText(/Shown on the product page/);
});
