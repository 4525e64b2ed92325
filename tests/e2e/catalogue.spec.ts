/**
 * The catalogue in a real browser (issue 5): search from the landing page, filters kept in
 * the URL, typo tolerance, opening a card (which records a view), the product page (gallery,
 * Share, Save, Edit for the creator only), downloading a free product while signed in, the
 * login-required path while signed out, favorites surviving a reload, and 'Product not
 * found' with status 404. Runs against the demo catalogue seeded by `npm start`.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { failOnPageErrors, hydrated, signIn } from './support';

const BUYER = { email: 'buyer@example.com', password: 'toolmint-demo-2026' };
const CREATOR = { email: 'creator@example.com', password: 'toolmint-demo-2026' };
const FREE_TEXT_PRODUCT = 'Claude System Prompt for Tier-1 Customer Support';

interface ApiProduct {
  id: string;
  title: string;
  price: number;
  categoryId: string | null;
  contentDeliveryType: string;
  creator: { id: string; fullName: string };
}

async function findProduct(request: APIRequestContext, search: string, title?: string): Promise<ApiProduct> {
  const response = await request.get(`/api/products?search=${encodeURIComponent(search)}`);
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: ApiProduct[] };
  const product = title ? items.find((p) => p.title === title) : items[0];
  if (!product) throw new Error(`No product for '${search}'`);
  return product;
}

/** Waits until the marketplace has finished loading results (its root says data-status="idle"). */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.mk[data-status="idle"]')).toHaveCount(1);
}

failOnPageErrors();

const cards = (page: Page) => page.locator('.mk-grid:not([data-skeleton]) .pcard');
const cardTitles = (page: Page) => page.locator('.mk-grid:not([data-skeleton]) .pcard-title');
const toast = (page: Page) => page.locator('.toast');

test.describe('marketplace', () => {
  test('the first results are in the prebuilt HTML, without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/marketplace');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find the AI tool for the job');
    await expect(page.locator('.pcard')).toHaveCount(24);
    await expect(page.getByRole('link', { name: /^Get Tool/ }).first()).toHaveAttribute('href', /^\/product\/[0-9a-f-]{36}$/);
    await context.close();
  });

  test('search from the landing page opens the marketplace with matching results', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('search', { name: 'Find tools' });
    await hero.getByRole('searchbox', { name: 'What do you need help with?' }).fill('support chatbot');
    await hero.getByRole('button', { name: 'Find Tools' }).click();
    await expect(page).toHaveURL(/\/marketplace\?search=support\+chatbot&category=business$/);
    await hydrated(page);
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('support chatbot');
    await expect(page.getByLabel('Category')).toHaveValue('business');
    await expect(cardTitles(page)).toHaveText([FREE_TEXT_PRODUCT]);
    await expect(page.getByRole('status').filter({ hasText: '1 product' })).toBeVisible();
  });

  test('category and budget filters update the URL and the results', async ({ page }) => {
    await page.goto('/marketplace');
    await hydrated(page);
    const before = await cardTitles(page).allTextContents();

    const audio = page.waitForResponse((r) => r.url().includes('/api/products?category=audio'));
    await page.getByLabel('Category').selectOption({ label: 'Audio & Voice' });
    expect((await audio).ok()).toBe(true);
    await expect(page).toHaveURL(/\/marketplace\?category=audio$/);
    await settled(page);
    const audioTitles = await cardTitles(page).allTextContents();
    expect(audioTitles).not.toEqual(before);

    const free = page.waitForResponse((r) => r.url().includes('/api/products?category=audio&budget=free'));
    await page.getByLabel('Budget').selectOption({ label: 'Free tools' });
    expect((await free).ok()).toBe(true);
    await expect(page).toHaveURL(/\/marketplace\?category=audio&budget=free$/);
    await settled(page);
    const prices = await page.locator('.mk-grid .pcard-price').allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p === 'Free')).toBe(true);
    expect(prices.length).toBeLessThan(audioTitles.length);

    // The filters are read back from the URL on load.
    await page.reload();
    await hydrated(page);
    await settled(page);
    await expect(page.getByLabel('Category')).toHaveValue('audio');
    await expect(page.getByLabel('Budget')).toHaveValue('free');
    await expect(page.locator('.mk-grid .pcard-price')).toHaveText(prices);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
    await expect(cards(page)).toHaveCount(24);
  });

  test("a typo ('chatbto') still finds the chatbot products and says what it searched", async ({ page }) => {
    await page.goto('/marketplace');
    await hydrated(page);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('chatbto');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await expect(page).toHaveURL(/\/marketplace\?search=chatbto$/);
    await expect(page.getByText('Did you mean')).toBeVisible();
    await expect(page.getByRole('button', { name: 'chatbot', exact: true })).toBeVisible();
    await expect(cardTitles(page).filter({ hasText: FREE_TEXT_PRODUCT })).toHaveCount(1);
    expect(await cards(page).count()).toBeGreaterThanOrEqual(2);
  });

  test('a search with no results offers to clear the filters', async ({ page }) => {
    await page.goto('/marketplace?search=zzzqqqxxyy');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'No products match your search' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(cards(page)).toHaveCount(24);
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });

  test("a failed load shows 'Failed to load marketplace' and 'Try Again' recovers", async ({ page }) => {
    await page.goto('/marketplace');
    await hydrated(page);
    let fail = true;
    await page.route('**/api/products?**', (route) => (fail ? route.fulfill({ status: 500, body: '{}' }) : route.continue()));
    await page.getByLabel('Category').selectOption({ label: 'Design & Creative' });
    await expect(page.getByRole('heading', { name: 'Failed to load marketplace' })).toBeVisible();
    await expect(page.getByText("We couldn't load the marketplace products. Please try again.")).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(cards(page).first()).toBeVisible();
  });

  test('Load more appends the next page', async ({ page }) => {
    await page.goto('/marketplace');
    await hydrated(page);
    await expect(cards(page)).toHaveCount(24);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(24);
    const ids = await page.locator('.mk-grid .pcard-title a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('clicking a card records a view and opens the product page', async ({ page }) => {
    await page.goto('/marketplace');
    await hydrated(page);
    const first = cardTitles(page).first();
    const title = (await first.textContent())?.trim() ?? '';
    const view = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/products\/[0-9a-f-]{36}\/view$/.test(r.url()));
    await first.getByRole('link').click();
    const request = await view;
    expect(request.postDataJSON()).toMatchObject({ type: 'view', sessionId: expect.any(String) });
    await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });

  test('#creators lists the creators behind the results', async ({ page }) => {
    await page.goto('/marketplace?category=business#creators');
    await hydrated(page);
    await expect(page.getByRole('link', { name: 'Creators' })).toHaveAttribute('aria-current', 'page');
    const creators = page.locator('.mk-creator');
    await expect(creators.first()).toBeVisible();
    await expect(creators.first().getByRole('link')).toHaveAttribute('href', /^\/profile\//);
    await expect(page.getByText(/creators? behind/)).toBeVisible();
  });
});

test.describe('favorites', () => {
  test("a visitor's like survives a reload and shows under #favorites", async ({ page }) => {
    await page.goto('/marketplace');
    await hydrated(page);
    const title = (await cardTitles(page).nth(1).textContent())?.trim() ?? '';
    const like = page.getByRole('button', { name: `Like ${title}`, exact: true });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('button', { name: `Like ${title}`, exact: true })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('link', { name: /^Favorites/ }).click();
    await expect(page).toHaveURL(/#favorites$/);
    await expect(cardTitles(page)).toHaveText([title]);
    await expect(page.getByText('Favorites are kept on this device.')).toBeVisible();

    // Unliking removes it from the favorites view at once.
    await page.getByRole('button', { name: `Like ${title}`, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
  });

  test("a signed-in user's Save is stored on the account", async ({ page, baseURL }) => {
    const product = await findProduct(page.request, 'chatbot', FREE_TEXT_PRODUCT);
    await signIn(page, BUYER, baseURL!);
    await page.goto(`/product/${product.id}`);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    const stored = page.waitForResponse((r) => r.url().endsWith(`/api/favorites/${product.id}`) && r.request().method() === 'PUT');
    await save.click();
    expect((await stored).status()).toBe(204);
    await expect(save).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const favorites = (await (await page.request.get('/api/favorites')).json()) as { items: ApiProduct[] };
    expect(favorites.items.map((p) => p.id)).toContain(product.id);

    await page.goto('/marketplace#favorites');
    await hydrated(page);
    await expect(cardTitles(page).filter({ hasText: FREE_TEXT_PRODUCT })).toHaveCount(1);

    // Clean up: unfavorite from the card.
    const removed = page.waitForResponse((r) => r.url().endsWith(`/api/favorites/${product.id}`) && r.request().method() === 'DELETE');
    await page.getByRole('button', { name: `Like ${FREE_TEXT_PRODUCT}`, exact: true }).click();
    expect((await removed).status()).toBe(204);
  });
});

test.describe('product page', () => {
  test('shows the product, its gallery, delivery panel and similar products, and shares its link', async ({ page, context, baseURL }) => {
    const product = await findProduct(page.request, 'dental receptionist');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
    await expect(page.locator('.pp-status')).toHaveText('Published');
    await expect(page.getByRole('heading', { name: 'What you get' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You might also like' })).toBeVisible();
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/[^/]+\/blobs\/products\//);
    const lds = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]') as Record<string, any>[];
    const ld = lds.find((item) => item['@type'] === 'Product');
    // The breadcrumbs the page shows, for search engines too.
    expect(lds.find((item) => item['@type'] === 'BreadcrumbList')?.['itemListElement']?.[0]).toMatchObject({ position: 1, name: 'Marketplace' });
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: product.title,
      offers: { '@type': 'Offer', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    // Deliverables are never on the page.
    expect(await page.content()).not.toContain('private:');
    await expect(page.getByRole('link', { name: 'Edit' })).toBeHidden();

    // Gallery: the video comes first; previous from the first wraps to the last; arrows work.
    const gallery = page.getByRole('region', { name: `Media of ${product.title}` });
    const counter = gallery.locator('[data-gallery-counter]');
    if (await counter.count()) {
      await expect(counter).toHaveText(/^1 \/ (\d+)$/);
      const total = Number((await counter.textContent())?.split('/ ')[1]);
      await gallery.getByRole('button', { name: 'Previous media' }).click();
      await expect(counter).toHaveText(`${total} / ${total}`);
      await gallery.getByRole('button', { name: 'Next media' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(counter).toHaveText(`1 / ${total}`);
      expect(await gallery.locator('li[data-thumb-item]:not([hidden])').count()).toBeLessThanOrEqual(4);
    }
    await expect(gallery.getByRole('link', { name: /Play video/ })).toHaveCount(1);

    await page.getByRole('button', { name: 'Share' }).click();
    await expect(toast(page)).toContainText('Link copied!');
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(new RegExp(`^https?://[^/]+/product/${product.id}$`));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
  });

  test('the Edit button shows only to the creator', async ({ page, baseURL }) => {
    await signIn(page, CREATOR, baseURL!);
    const session = (await (await page.request.get('/api/auth/get-session')).json()) as { user: { id: string } };
    const response = await page.request.get('/api/products?limit=60');
    const { items } = (await response.json()) as { items: ApiProduct[] };
    const own = items.find((p) => p.creator.id === session.user.id);
    const other = items.find((p) => p.creator.id !== session.user.id);
    if (!own || !other) throw new Error('demo data lacks products of the creator and of others');

    await page.goto(`/product/${own.id}`);
    await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/products?edit=${own.id}`);
    await page.goto(`/product/${other.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.title);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('link', { name: 'Edit' })).toBeHidden();
  });

  test('an unknown product shows Product not found with status 404, and Go Back returns', async ({ page }) => {
    await page.goto('/marketplace');
    const response = await page.goto('/product/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('link', { name: 'Browse the marketplace' })).toHaveAttribute('href', '/marketplace');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
  });
});

test.describe('downloads', () => {
  test('signed out: Login Required, then the login page that brings the visitor back', async ({ page }) => {
    const product = await findProduct(page.request, 'chatbot', FREE_TEXT_PRODUCT);
    await page.goto(`/product/${product.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Download for free' }).click();
    await expect(toast(page)).toContainText('Login Required');
    await expect(toast(page)).toContainText('Please log in to download this product.');
    await expect(page).toHaveURL(`/auth?mode=login&redirect=${encodeURIComponent(`/product/${product.id}`)}`);
  });

  test('signed in: a free text product downloads, shows its text and copies it', async ({ page, context, baseURL }) => {
    const product = await findProduct(page.request, 'chatbot', FREE_TEXT_PRODUCT);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await signIn(page, BUYER, baseURL!);
    await page.goto(`/product/${product.id}`);
    await hydrated(page);

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/products/${product.id}/download`, async (route) => {
      await held;
      await route.continue();
    });
    const button = page.getByRole('button', { name: 'Download for free' });
    await button.click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();

    await expect(toast(page)).toContainText('Download started!');
    const panel = page.getByRole('region', { name: 'Your download' });
    await expect(panel).toContainText('You are the first-line support assistant');
    await panel.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page)).toContainText('Copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('<role>You are the first-line support assistant');
  });

  test('a service failure shows Download Failed with its message; an unexpected one Download Error', async ({ page, baseURL }) => {
    const product = await findProduct(page.request, 'chatbot', FREE_TEXT_PRODUCT);
    await signIn(page, BUYER, baseURL!);
    await page.goto(`/product/${product.id}`);
    await hydrated(page);

    await page.route(`**/api/products/${product.id}/download`, (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'NO_DOWNLOADABLE_CONTENT', message: 'No downloadable content available for this product. Please contact the creator.' },
        }),
      }),
    );
    await page.getByRole('button', { name: 'Download for free' }).click();
    await expect(toast(page)).toContainText('Download Failed');
    await expect(toast(page)).toContainText('No downloadable content available for this product. Please contact the creator.');

    await page.unroute(`**/api/products/${product.id}/download`);
    await page.route(`**/api/products/${product.id}/download`, (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Download for free' }).click();
    await expect(toast(page)).toContainText('Download Error');
    await expect(toast(page)).toContainText('An unexpected error occurred. Please try again or contact support.');
    await expect(page.getByRole('button', { name: 'Download for free' })).toBeEnabled();
  });
});
