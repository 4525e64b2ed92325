/**
 * The security headers in a real browser (docs/decisions/009): every page type, a feed, a
 * blob and an API answer carry them, and the pages still work under the Content-Security-
 * Policy with no violation: islands hydrating and searching, the video player, the sign-up
 * assistant, an image upload and its toast. Violations are collected from the page's
 * `securitypolicyviolation` events and from the console.
 */
import sharp from 'sharp';
import { expect, test, type APIResponse, type Page, type Response } from '@playwright/test';
import { NON_PAGE_CSP, PERMISSIONS_POLICY, PERMISSIONS_POLICY_WITH_MICROPHONE } from '@/functions/_shared/security-headers';
import { claimToolThroughApi, DEMO, demoThreadId, failOnPageErrors, hydrated, signIn, signUpThroughApi, unsubscribeTokenFor } from './support';

failOnPageErrors();

/** Every violation the page reports, from the event (added before any page script runs) and the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(`${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Permissions[- ]Policy/i.test(message.text())) violations.push(`console ${message.type()}: ${message.text()}`);
  });
  return violations;
}

type Headers = Record<string, string>;
const headersOf = async (response: Response | APIResponse | null): Promise<Headers> => {
  expect(response).not.toBeNull();
  return 'allHeaders' in response! ? response.allHeaders() : response!.headers();
};

function expectCommonHeaders(headers: Headers, label: string): void {
  expect(headers['x-frame-options'], label).toBe('DENY');
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  // The unsubscribe page's address holds its token: no Referer at all (NO_REFERRER_PATHS).
  expect(headers['referrer-policy'], label).toBe(/^\/unsubscribe(\?|$)/.test(label) ? 'no-referrer' : 'strict-origin-when-cross-origin');
  // The e2e site is http: no HSTS.
  expect(headers['strict-transport-security'], label).toBeUndefined();
}

function expectPageHeaders(headers: Headers, label: string): void {
  expectCommonHeaders(headers, label);
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, label).toContain("frame-ancestors 'none'");
  const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc, label).toContain("'self'");
  expect(scriptSrc, label).not.toContain('unsafe-inline');
  const microphone = label.startsWith('/auth') && !label.startsWith('/auth/');
  expect(headers['permissions-policy'], label).toBe(microphone ? PERMISSIONS_POLICY_WITH_MICROPHONE : PERMISSIONS_POLICY);
}

function expectNonPageHeaders(headers: Headers, label: string): void {
  expectCommonHeaders(headers, label);
  expect(headers['content-security-policy'], label).toBe(NON_PAGE_CSP);
  // Permissions-Policy governs documents (and what they frame): not sent on anything else.
  expect(headers['permissions-policy'], label).toBeUndefined();
}

/**
 * Opens a page in the browser and checks its headers; then scrolls through it, so that
 * client:visible islands and lazy images load too, and waits until the network is quiet.
 */
async function visit(page: Page, path: string, status = 200): Promise<Headers> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  const headers = await headersOf(response);
  expectPageHeaders(headers, path);
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      // Two frames: the browser notes what came into view (client:visible, loading="lazy")
      // when it renders a frame, so each position is rendered before the next.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
  });
  await page.waitForLoadState('networkidle');
  return headers;
}

/** A page rendered for the signed-in visitor: no cache may keep it (src/middleware.ts sets it once for every such page). */
async function visitPrivate(page: Page, path: string): Promise<void> {
  expect((await visit(page, path))['cache-control'], path).toBe('private, no-store');
}

async function firstProduct(page: Page, search: string): Promise<{ id: string; title: string }> {
  const response = await page.request.get(`/api/products?search=${encodeURIComponent(search)}`);
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: { id: string; title: string }[] };
  expect(items.length).toBeGreaterThan(0);
  return items[0]!;
}

test('every page type, a feed, a blob and an API answer carry the headers, with no violation', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const violations = await watchViolations(page);
  const product = await firstProduct(page, 'dental receptionist');
  const thread = await demoThreadId(page);

  for (const path of [
    '/',
    '/marketplace',
    `/product/${product.id}`,
    '/ai-tools',
    '/tools/chatgpt',
    '/tools/chatgpt/landing',
    '/auth',
    '/auth?mode=signup',
    '/community',
    `/community/${thread}`,
    '/terms',
    '/developers',
    // The cart's page is prebuilt and the same for everyone: the cart itself comes from the API (docs/decisions/082).
    '/cart',
  ]) {
    // Shared by every visitor: never marked as one visitor's.
    expect((await visit(page, path))['cache-control'] ?? '', path).not.toContain('private');
  }
  // The unsubscribe page: without a token (400, a way to the settings) and with a valid one.
  await visit(page, '/unsubscribe', 400);
  const member = await signUpThroughApi(page, baseURL!, { userType: 'buyer', name: 'Hal Headers' });
  await page.context().clearCookies();
  await visit(page, `/unsubscribe?token=${unsubscribeTokenFor(member.id, 'community_reply')}`);
  await visit(page, '/no-such-page', 404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await visit(page, '/product/%ZZ', 404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();

  await signIn(page, DEMO.creator, baseURL!);
  for (const path of [
    '/dashboard',
    '/products',
    '/profile',
    '/tool-updates',
    '/library',
    '/sales',
    '/sales/discounts',
    '/sales/emails',
    '/sales/bundles',
    '/affiliates',
    '/earnings',
    '/settings/api',
    '/settings/account',
    '/settings/notifications',
    '/community/new',
    '/ai-tools/submit',
    '/ai-tools/claim',
  ])
    await visitPrivate(page, path);
  // A sale's invoice (docs/decisions/050), opened by its seller.
  const sales = (await (await page.request.get('/api/me/sales?limit=1')).json()) as { items: { id: string; productId: string }[] };
  const sale = sales.items[0];
  expect(sale, 'the demo creator has a sale').toBeTruthy();
  await visitPrivate(page, `/orders/${sale!.id}/invoice`);
  // The sold product's own analytics (docs/decisions/079).
  await visitPrivate(page, `/sales/products/${sale!.productId}`);
  const listed = (await (await page.request.get('/api/products?search=claude')).json()) as { items: { creator: { id: string } }[] };

  // The administrator's queues, and a creator's ledger (docs/decisions/051).
  await page.context().clearCookies();
  await signIn(page, DEMO.admin, baseURL!);
  for (const path of [
    '/admin/reports',
    '/admin/tools',
    '/admin/jobs',
    '/admin/payouts',
    '/admin/refunds',
    '/admin/orders',
    `/admin/creators/${listed.items[0]!.creator.id}`,
  ])
    await visitPrivate(page, path);

  // A tool's maintainer (DeepSeek: no other spec claims or manages it) on the tool's own page.
  await claimToolThroughApi(page, baseURL!, 'deepseek', 'deepseek.com');
  await visitPrivate(page, '/ai-tools/manage/deepseek');

  // A blob image the marketplace shows, an Atom feed and API answers.
  await page.goto('/marketplace');
  const blob = await page.locator('img[src^="/blobs/"]').first().getAttribute('src');
  expect(blob).toBeTruthy();
  for (const path of [blob!, '/tool-updates/feed.xml', '/tools/chatgpt/feed.xml', '/api/products?search=chatbot', '/api/health']) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expectNonPageHeaders(await headersOf(response), path);
  }
  const badPath = await page.request.get('/api/products/%ZZ/view');
  expect(badPath.status()).toBe(400);
  expect(await badPath.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  expectNonPageHeaders(await headersOf(badPath), '/api/products/%ZZ/view');

  expect(violations).toEqual([]);
});

test('islands, the video player, the assistant, an upload and a toast work under the policy', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);

  // An island hydrates and searches as the visitor types.
  await page.goto('/marketplace');
  await hydrated(page);
  const search = page.getByRole('searchbox', { name: 'Search products' });
  const results = page.waitForResponse((r) => r.url().includes('/api/products?') && r.url().includes('search=chatbot'));
  await search.pressSequentially('chatbot');
  await search.press('Enter');
  expect((await results).ok()).toBe(true);
  await expect(page).toHaveURL(/search=chatbot/);
  await expect(page.locator('.mk-grid:not([data-skeleton]) .pcard').first()).toBeVisible();

  // The video facade turns into a Vimeo or YouTube (nocookie) player frame: frame-src allows them.
  const product = await firstProduct(page, 'dental receptionist');
  await page.goto(`/product/${product.id}`);
  await page
    .getByRole('link', { name: /Play video/ })
    .first()
    .click();
  await expect(page.locator('iframe[data-video-iframe]')).toHaveAttribute('src', /^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//);

  // The sign-up assistant answers.
  await page.goto('/auth?mode=signup');
  await hydrated(page);
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await page.getByRole('button', { name: 'Need Help? Ask AI' }).click();
  const assistant = page.getByRole('region', { name: 'toolmint assistant' });
  await expect(assistant.getByRole('log')).toContainText("I'm the toolmint assistant");
  await assistant.getByLabel('Message the assistant').fill('hello');
  await assistant.getByRole('button', { name: 'Send' }).click();
  await expect(assistant.getByRole('log')).toContainText('tell me a bit more');

  // An image upload, its toast, and the uploaded picture shown from /blobs/.
  const email = `csp-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Cara Policy', full_name: 'Cara Policy', email, password: 'Str0ng!pass', user_type: 'buyer' },
    headers: { Origin: baseURL! },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  await signIn(page, { email, password: 'Str0ng!pass' }, baseURL!); // a sign-up starts no session (docs/decisions/053)
  await page.goto('/profile');
  const upload = page.getByRole('button', { name: 'Upload photo' });
  await expect(page.locator('astro-island:not([ssr])', { has: upload }).first()).toBeAttached();
  const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#5b3fd6' } })
    .png()
    .toBuffer();
  await page.getByLabel('Upload a profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.locator('.toast')).toContainText('Avatar uploaded');
  const avatar = page.locator('.user-menu .avatar img');
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  expect(violations).toEqual([]);
});

test('the watch sees a violation: an injected inline script is refused', async ({ browser }) => {
  // A page of its own, outside failOnPageErrors: the refusal is logged as a console error.
  const context = await browser.newContext();
  const page = await context.newPage();
  const violations = await watchViolations(page);
  await page.goto('/marketplace');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
  });
  await expect.poll(() => violations.some((v) => v.includes('script-src-elem blocked inline'))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  await context.close();
});
