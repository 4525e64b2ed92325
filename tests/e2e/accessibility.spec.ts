/**
 * Accessibility in a real browser: axe-core (the engine behind Lighthouse's accessibility score)
 * checks the WCAG 2.x A and AA rules and its best practices on the community, moderation, AI
 * tools and email pages (and the main catalogue pages beside them), as the people who use them
 * see them: the community and a demo discussion as a visitor, the composer and the settings
 * signed in, the queues as the administrator (with an open report and a tool waiting in them),
 * a tool's page as its maintainer (a tool claimed through the API), and the unsubscribe page
 * with a valid token and without one. Every page is checked once its islands have hydrated (the
 * checked DOM is the one people use). A violation fails the test with its rule, impact and
 * elements.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { claimToolThroughApi, DEMO, demoProductId, demoThreadId, failOnPageErrors, hydrated, signIn, signUpThroughApi, unsubscribeTokenFor } from './support';

failOnPageErrors();

/** axe-core's browser build, evaluated in the page (a DevTools evaluation: the page's Content-Security-Policy does not apply). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0 to 2.2 A and AA, and axe's best practices (landmarks, heading order: most of what Lighthouse scores). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe's rules (AXE_TAGS) on the page as it is now: the violations, and how many rules passed. */
async function runAxe(page: Page): Promise<{ violations: AxeViolation[]; passes: number }> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[]; passes: unknown[] }> } }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return { violations: results.violations, passes: results.passes.length };
  }, AXE_TAGS);
}

/** Opens `path`, lets every island render and hydrate, and returns axe's violations, one line each. */
async function violationsOf(page: Page, pagePath: string, status = 200): Promise<string[]> {
  const response = await page.goto(pagePath);
  expect(response?.status(), pagePath).toBe(status);
  // Every island hydrated (those waiting to be seen or touched are brought into view or touched).
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const { violations, passes } = await runAxe(page);
  // Rules ran and found elements to check: an empty result is not a page axe never saw.
  expect(passes, `${pagePath}: rules axe checked`).toBeGreaterThan(0);
  return violations.map(
    (v) =>
      `${pagePath}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`)
        .join('; ')}`,
  );
}

test('the community, moderation, AI tools and email pages have no accessibility violation', async ({ page, browser, baseURL }) => {
  // Around fifteen pages, each hydrated and checked, on a machine shared by the whole suite.
  test.setTimeout(300_000);
  const base = baseURL!;
  const found: string[] = [];
  const check = async (on: Page, pagePath: string, status?: number) => found.push(...(await violationsOf(on, pagePath, status)));

  // As a visitor: the main catalogue pages too, as the new pages' neighbours.
  const thread = await demoThreadId(page);
  for (const pagePath of ['/', '/marketplace', '/ai-tools', '/tools/chatgpt']) await check(page, pagePath);
  await check(page, '/community');
  await check(page, `/community/${thread}`);
  await check(page, '/unsubscribe', 400);

  // A member: the composer, the settings, the tools' forms; and an unsubscribe link of theirs.
  const member = await signUpThroughApi(page, base, { userType: 'creator', name: 'Ada Access', verified: true });
  await check(page, '/community/new');
  await check(page, '/settings/notifications');
  // A creator's discount codes and their form (docs/decisions/075).
  await check(page, '/sales/discounts');
  // Emails to customers and their form (docs/decisions/078).
  await check(page, '/sales/emails');
  await check(page, '/sales/bundles');
  // An affiliate's links and figures (docs/decisions/081).
  await check(page, '/affiliates');
  // The cart with a product in it (docs/decisions/082).
  const carted = await page.request.post('/api/cart/items', {
    headers: { Origin: base },
    data: { productId: await demoProductId(page, 'Runway Motion Brush and Camera Control Field Guide') },
  });
  expect(carted.ok(), await carted.text()).toBe(true);
  await check(page, '/cart');
  await check(page, '/ai-tools/submit');
  await check(page, '/ai-tools/claim');
  await check(page, '/ai-tools/claim?tool=gemini');
  await check(page, '/ai-tools/invite?token=no-such-invitation', 404);
  await check(page, `/unsubscribe?token=${unsubscribeTokenFor(member.id, 'community_reply')}`);
  // Something in each queue: the member reports the demo discussion and lists a tool.
  const reported = await page.request.put(`/api/reports/thread/${thread}`, {
    headers: { Origin: base },
    data: { reason: 'spam', note: 'Checking the queue page.' },
  });
  expect(reported.ok(), await reported.text()).toBe(true);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const submitted = await page.request.post('/api/tools', {
    headers: { Origin: base },
    data: {
      name: `Access Check ${tag}`,
      officialSite: `https://access-${tag}.com`,
      category: 'AI Assistant',
      description: 'An assistant that answers questions with citations.',
      longDescription: 'It answers questions with a short written answer and numbered citations, searching the web in real time.',
      pricing: 'Free',
      platforms: ['Web'],
      documentationUrl: null,
      githubUrl: null,
      changelogSources: [],
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);

  // The administrator's queues, in a context of their own.
  const adminContext = await browser.newContext({ baseURL: base });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin, base);
  for (const pagePath of [
    '/admin/reports',
    '/admin/reports?tab=resolved',
    '/admin/reports?tab=log',
    '/admin/tools',
    '/admin/jobs',
    '/admin/refunds',
    '/admin/payouts',
    '/admin/orders',
  ])
    await check(admin, pagePath);
  // A paid order's invoice (docs/decisions/050) and its seller's ledger (docs/decisions/051).
  const orders = (await (await admin.request.get('/api/admin/orders?limit=20')).json()) as { items: { id: string; status: string }[] };
  const paid = orders.items.find((o) => o.status === 'paid');
  expect(paid, 'a paid demo order').toBeTruthy();
  await check(admin, `/orders/${paid!.id}/invoice`);
  const listed = (await (await admin.request.get('/api/products?search=claude')).json()) as { items: { creator: { id: string } }[] };
  await check(admin, `/admin/creators/${listed.items[0]!.creator.id}`);
  await adminContext.close();

  // A creator with sales: /sales's 'Where buyers come from' and a product's own analytics page (docs/decisions/079).
  const creatorContext = await browser.newContext({ baseURL: base });
  const creator = await creatorContext.newPage();
  await signIn(creator, DEMO.creator, base);
  const sold = (await (await creator.request.get('/api/me/sales?limit=1')).json()) as { items: { productId: string }[] };
  expect(sold.items[0], 'the demo creator has a sale').toBeTruthy();
  await check(creator, '/sales');
  await check(creator, `/sales/products/${sold.items[0]!.productId}`);
  await creatorContext.close();

  // A tool's maintainer (Runway: no other spec claims or manages it).
  const maintainerContext = await browser.newContext({ baseURL: base });
  const maintainer = await maintainerContext.newPage();
  await claimToolThroughApi(maintainer, base, 'runway', 'runwayml.com');
  await check(maintainer, '/ai-tools/manage/runway');
  await maintainerContext.close();

  expect(found).toEqual([]);
});

test('the check sees a violation: a field without a label and an image without a text alternative', async ({ page }) => {
  await page.goto('/community');
  await page.evaluate(() => {
    const field = document.createElement('input');
    field.type = 'text';
    const image = document.createElement('img');
    image.src = '/favicon.svg';
    document.querySelector('main')!.append(field, image);
  });
  const { violations } = await runAxe(page);
  expect(violations.map((v) => v.id)).toEqual(expect.arrayContaining(['label', 'image-alt']));
});
