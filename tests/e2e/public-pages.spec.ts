/**
 * The public pages (issue 3): the hero search and carousel, the quiz, the sign-in swap on
 * the landing page, the AI tools directory, tool and landing pages, 'Tool Not Found' with
 * status 404, and what makes each page findable.
 *
 * Marketplace navigations are answered by a stub here: these tests check the exact URL the
 * landing page opens, not the marketplace itself.
 */
import { expect, test, type Page } from '@playwright/test';
import { SEED_AI_TOOLS as AI_TOOLS } from '@/db/seed/ai-tools-data';
import { TOOL_DETAIL_IDS } from '@/src/shared/ai-tool-ids';

/** Captures the next navigation to /marketplace and answers it with a blank page. */
async function stubMarketplace(page: Page): Promise<() => Promise<string>> {
  let resolveUrl: (url: string) => void = () => {};
  let opened = new Promise<string>((resolve) => {
    resolveUrl = resolve;
  });
  await page.route(/\/marketplace(\?|$)/, async (route) => {
    const url = new URL(route.request().url());
    resolveUrl(`${url.pathname}${url.search}`);
    opened = new Promise<string>((resolve) => {
      resolveUrl = resolve;
    });
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>marketplace</title>' });
  });
  return () => opened;
}

async function searchFromHero(page: Page, options: { search?: string; budget?: string; submit?: 'click' | 'enter'; moves?: number }) {
  const nextUrl = await stubMarketplace(page);
  await page.goto('/');
  const hero = page.getByRole('search', { name: 'Find tools' });
  for (let i = 0; i < (options.moves ?? 0); i++) await page.getByRole('button', { name: 'Next category' }).click();
  if (options.budget) await hero.getByLabel('Budget').selectOption({ label: options.budget });
  const input = hero.getByRole('searchbox', { name: 'What do you need help with?' });
  await input.fill(options.search ?? '');
  const url = nextUrl();
  if (options.submit === 'enter') await input.press('Enter');
  else await hero.getByRole('button', { name: 'Find Tools' }).click();
  return url;
}

test.describe('hero search', () => {
  test('shows the placeholder and the five budget options', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('search', { name: 'Find tools' });
    await expect(hero.getByRole('searchbox')).toHaveAttribute('placeholder', 'I need help with...');
    await expect(hero.getByLabel('Budget').locator('option')).toHaveText(['Any price', 'Free tools', 'Under $50', '$50 - $100', '$100+']);
    await expect(hero.getByLabel('Budget')).toHaveValue('any');
  });

  test('empty search and Any price open the marketplace with the category only', async ({ page }) => {
    expect(await searchFromHero(page, {})).toBe('/marketplace?category=business');
  });

  test('a blank search counts as empty', async ({ page }) => {
    expect(await searchFromHero(page, { search: '   ' })).toBe('/marketplace?category=business');
  });

  test('a search is sent when non-empty, and Enter searches too', async ({ page }) => {
    expect(await searchFromHero(page, { search: 'cold email', submit: 'enter' })).toBe('/marketplace?search=cold+email&category=business');
  });

  for (const [label, value] of [
    ['Free tools', 'free'],
    ['Under $50', 'under-50'],
    ['$50 - $100', '50-100'],
    ['$100+', '100-plus'],
  ] as const) {
    test(`budget '${label}' sends budget=${value}`, async ({ page }) => {
      expect(await searchFromHero(page, { budget: label })).toBe(`/marketplace?category=business&budget=${value}`);
    });
  }

  test('after moving the carousel the category of the current slide is sent', async ({ page }) => {
    expect(await searchFromHero(page, { moves: 1, search: 'newsletter', budget: 'Under $50' })).toBe(
      '/marketplace?search=newsletter&category=content&budget=under-50',
    );
  });

  test('moving back past the first slide wraps to the last category', async ({ page }) => {
    const nextUrl = await stubMarketplace(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Previous category' }).click();
    await expect(page.getByText('Searching in Video & Animation')).toBeVisible();
    const url = nextUrl();
    await page.getByRole('button', { name: 'Find Tools' }).click();
    expect(await url).toBe('/marketplace?category=video');
  });
});

test.describe('category carousel', () => {
  const slide = (page: Page, name: string) => page.getByRole('group', { name });

  test('previous, next and dots move it by click, without shifting the layout', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Categories' });
    const before = await carousel.boundingBox();
    await expect(slide(page, '1 of 5: Business & Automation')).toBeVisible();
    await expect(slide(page, '2 of 5: Content & Writing')).toBeHidden();

    await page.getByRole('button', { name: 'Next category' }).click();
    await expect(slide(page, '2 of 5: Content & Writing')).toBeVisible();
    await expect(slide(page, '1 of 5: Business & Automation')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Content & Writing' })).toHaveAttribute('aria-current', 'true');

    await page.getByRole('button', { name: 'Development & Data' }).click();
    await expect(slide(page, '4 of 5: Development & Data')).toBeVisible();
    await expect(page.getByText('Searching in Development & Data')).toBeVisible();

    await page.getByRole('button', { name: 'Previous category' }).click();
    await expect(slide(page, '3 of 5: Design & Creative')).toBeVisible();

    for (let i = 0; i < 5; i++) {
      await page.getByRole('button', { name: 'Next category' }).click();
      expect(await carousel.boundingBox()).toEqual(before);
    }
  });

  test('works from the keyboard', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Next category' }).focus();
    await page.keyboard.press('Enter');
    await expect(slide(page, '2 of 5: Content & Writing')).toBeVisible();
    await page.keyboard.press('Space');
    await expect(slide(page, '3 of 5: Design & Creative')).toBeVisible();

    const firstDot = page.getByRole('button', { name: 'Business & Automation' });
    await firstDot.focus();
    await page.keyboard.press('ArrowRight');
    await expect(slide(page, '2 of 5: Content & Writing')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Content & Writing' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(slide(page, '5 of 5: Video & Animation')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Video & Animation' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(slide(page, '1 of 5: Business & Automation')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Home');
    await expect(slide(page, '1 of 5: Business & Automation')).toBeVisible();
    await expect(page.getByText('Searching in Business & Automation')).toBeVisible();
  });

  test('the slide region announces changes politely and the hidden slides are out of reach', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#hero-slides')).toHaveAttribute('aria-live', 'polite');
    await expect(page.getByRole('region', { name: 'Categories' })).toHaveAttribute('aria-roledescription', 'carousel');
    // Hidden slides are inert, so they are not even in the accessibility tree.
    await expect(page.locator('[data-slide="content"]')).toHaveAttribute('inert', '');
    await expect(slide(page, '2 of 5: Content & Writing')).toHaveCount(0);
    await page.getByRole('button', { name: 'Next category' }).click();
    await expect(page.locator('[data-slide="content"]')).not.toHaveAttribute('inert');
    await expect(page.locator('[data-slide="business"]')).toHaveAttribute('inert', '');
  });
});

test.describe('landing page', () => {
  test('shows the pitch, the live figures and real promises, six categories and real featured products', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'AI tools that actually work for you' })).toBeVisible();
    // The figures are counted from the catalogue (tests/e2e/real-numbers.spec.ts checks their values).
    const figures = page.getByRole('region', { name: 'toolmint in numbers' });
    for (const text of ['Products', 'Refunds', 'Policy shown before you pay', 'Support', 'Contact the team']) {
      await expect(figures.getByText(text, { exact: true })).toBeVisible();
    }
    const grid = page.getByRole('region', { name: 'Find tools for every kind of work' });
    await expect(grid.getByRole('listitem')).toHaveCount(6);
    await expect(grid.getByRole('link', { name: 'Design & Creative' })).toHaveAttribute('href', '/marketplace?category=design');
    const featured = page.getByRole('region', { name: 'Featured tools' });
    await expect(featured.getByRole('article')).toHaveCount(3);
    await expect(featured.getByRole('article').first().getByRole('link').first()).toHaveAttribute('href', /^\/product\//);
  });

  test('signed-out visitors get the sign-up call to action and no recommendations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Ready to put AI to work?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/auth?mode=signup');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: 'Recommended for You' })).toHaveCount(0);
  });

  test('signed-in users get their call to action and Recommended for You', async ({ page }) => {
    await page.route('**/api/auth/get-session', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          session: { id: 's1' },
          user: { id: 'u1', email: 'ada@example.com', name: 'Ada Lovelace', full_name: 'Ada Lovelace', user_type: 'creator' },
        }),
      }),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('link', { name: 'List a product' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ready to put AI to work?' })).toHaveCount(0);
    const recommended = page.getByRole('region', { name: 'Recommended for You' });
    await expect(recommended.getByRole('heading', { name: 'Trending Tools' })).toBeVisible();
    await expect(recommended.getByRole('link').first()).toHaveAttribute('href', /^\/product\//);
  });

  test('a failing session lookup keeps the signed-out page', async ({ page }) => {
    await page.route('**/api/auth/get-session', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: 'Ready to put AI to work?' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recommended for You' })).toHaveCount(0);
  });

  test('the quiz ends on the marketplace filtered by the answers', async ({ page }) => {
    const nextUrl = await stubMarketplace(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Take the Quiz' }).click();
    const quiz = page.getByRole('dialog', { name: 'Find your tools in three questions' });
    await expect(quiz).toBeVisible();
    await quiz.getByRole('radio', { name: /Design & Creative/ }).check();
    await quiz.getByRole('radio', { name: 'Free tools' }).check();
    await quiz.getByLabel(/Anything specific/).fill('logo prompts');
    const url = nextUrl();
    await quiz.getByRole('button', { name: 'Show my matches' }).click();
    expect(await url).toBe('/marketplace?search=logo+prompts&category=design&budget=free');
  });

  test('the quiz closes with Escape and Cancel', async ({ page }) => {
    await page.goto('/');
    const quiz = page.getByRole('dialog', { name: 'Find your tools in three questions' });
    await page.getByRole('button', { name: 'Take the Quiz' }).click();
    await expect(quiz).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(quiz).toBeHidden();
    await page.getByRole('button', { name: 'Take the Quiz' }).click();
    await quiz.getByRole('button', { name: 'Cancel' }).click();
    await expect(quiz).toBeHidden();
  });
});

test.describe('AI tools directory', () => {
  test('lists the 14 tools with their figures, links and follow slots', async ({ page }) => {
    await page.goto('/ai-tools');
    await expect(page.getByRole('heading', { level: 1, name: 'AI Tools Directory' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(AI_TOOLS.length);
    for (const tool of AI_TOOLS) {
      const card = page.getByRole('article', { name: tool.name, exact: true });
      await expect(card.getByText(tool.category, { exact: true })).toBeVisible();
      await expect(card.getByText('Products', { exact: true })).toBeVisible();
      await expect(card.getByText('Followers', { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: 'View Details' })).toHaveAttribute(
        'href',
        TOOL_DETAIL_IDS.includes(tool.id as never) ? `/tools/${tool.id}` : `/tools/${tool.id}/landing`,
      );
      const site = card.getByRole('link', { name: /Official site/ });
      await expect(site).toHaveAttribute('href', tool.officialSite);
      await expect(site).toHaveAttribute('target', '_blank');
      await expect(site).toHaveAttribute('rel', /noopener/);
      await expect(card.locator(`[data-follow-tool="${tool.id}"]`)).toHaveCount(1);
    }
    const claimed = page.getByRole('article', { name: 'n8n', exact: true });
    await expect(claimed.getByText('Verified')).toBeVisible();
    await expect(claimed.getByText('Maintained by n8n Team')).toBeVisible();
    const unclaimed = page.getByRole('article', { name: 'Make', exact: true });
    await expect(unclaimed.getByText('Verified')).toHaveCount(0);
    await expect(unclaimed.getByText(/Maintained by/)).toHaveCount(0);
  });

  test('the builders call to action leads to the claim and submission flows (issue 17)', async ({ page }) => {
    await page.goto('/ai-tools');
    await expect(page.getByRole('heading', { name: 'Are you building with AI tools?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Claim Your Tool' })).toHaveAttribute('href', '/ai-tools/claim');
    await expect(page.getByRole('link', { name: 'List Your Tools' })).toHaveAttribute('href', '/ai-tools/submit');
  });
});

test.describe('tool pages', () => {
  test('every detail and landing page answers 200', async ({ request }) => {
    for (const id of TOOL_DETAIL_IDS) expect((await request.get(`/tools/${id}`)).status(), `/tools/${id}`).toBe(200);
    for (const tool of AI_TOOLS) expect((await request.get(`/tools/${tool.id}/landing`)).status(), `/tools/${tool.id}/landing`).toBe(200);
  });

  test('a detail page has its sections, real community products and JSON-LD', async ({ page }) => {
    await page.goto('/tools/chatgpt');
    await expect(page.getByRole('heading', { level: 1, name: 'ChatGPT' })).toBeVisible();
    for (const name of ['Overview', 'Key features', 'Use cases', 'Community products', 'Quick info', 'Statistics', 'Resources']) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    const panel = page.getByRole('region', { name: 'Community products' });
    await expect(panel.getByRole('listitem').first()).toBeVisible();
    await expect(panel.getByRole('link', { name: /View all .* in the marketplace/ })).toHaveAttribute('href', '/marketplace?tool=chatgpt');
    const resources = page.getByRole('region', { name: 'Resources' });
    for (const name of [/^Official site/, /^Documentation/, /^GitHub/]) {
      await expect(resources.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
    const lds = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]') as Record<string, unknown>[];
    const ld = lds.find((item) => item['@type'] === 'SoftwareApplication')!;
    expect(ld['name']).toBe('ChatGPT');
    expect(ld['dateModified']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(lds.find((item) => item['@type'] === 'BreadcrumbList')).toBeTruthy();
    await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', '/tools/chatgpt/feed.xml');
  });

  test('a landing page shows three feature cards', async ({ page }) => {
    await page.goto('/tools/cursor/landing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: /Why buyers and creators use toolmint for Cursor/ }).getByRole('article')).toHaveCount(3);
  });

  for (const path of ['/tools/not-a-tool', '/tools/not-a-tool/landing', '/tools/make']) {
    test(`${path} is 'Tool Not Found' with status 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Tool Not Found' })).toBeVisible();
      await page.getByRole('link', { name: 'Browse the AI Tools Directory' }).click();
      await expect(page).toHaveURL(/\/ai-tools$/);
    });
  }
});

test.describe('findability', () => {
  const pages = ['/', '/ai-tools', '/tools/chatgpt', '/tools/chatgpt/landing'];

  test('every page has a title, description, canonical URL and Open Graph tags', async ({ page, baseURL }) => {
    for (const path of pages) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(/toolmint/);
      await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', /.{50,}/);
      await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', new URL(path, baseURL).toString());
      for (const property of ['og:title', 'og:description', 'og:url', 'og:image']) {
        await expect(page.locator(`meta[property="${property}"]`), `${path} ${property}`).toHaveAttribute('content', /.+/);
      }
    }
  });

  test('the Open Graph image is a 1200x630 PNG', async ({ request }) => {
    const response = await request.get('/og-default.png');
    expect(response.status()).toBe(200);
    const png = await response.body();
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  test('the sitemap index lists its files, every tool page is in them, and robots.txt points to it', async ({ request, baseURL }) => {
    const index = await (await request.get('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    // The pages, 16 product shards and the community's threads (issue 16).
    expect(files).toHaveLength(18);
    expect(files).toContain('/sitemap-community.xml');
    const parts = await Promise.all(
      files.map(async (file) => {
        const res = await request.get(file);
        expect(res.status(), file).toBe(200);
        return res.text();
      }),
    );
    const xml = parts.join('\n');
    expect(xml.match(/<loc>[^<]+\/product\/[^<]+<\/loc>/g)?.length).toBeGreaterThan(0);
    for (const id of TOOL_DETAIL_IDS) expect(xml).toContain(`<loc>${new URL(`/tools/${id}`, baseURL)}</loc>`);
    for (const tool of AI_TOOLS) expect(xml).toContain(`<loc>${new URL(`/tools/${tool.id}/landing`, baseURL)}</loc>`);
    expect(xml).toContain(`<loc>${new URL('/ai-tools', baseURL)}</loc>`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${new URL('/sitemap.xml', baseURL)}`);
  });
});
