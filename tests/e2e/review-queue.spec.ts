/**
 * Issue 15's review queue in a real Chromium (docs/decisions/031), on the second e2e server,
 * which runs with NEW_CREATOR_REVIEW=on (playwright.config.ts): a new creator publishes their
 * first product and sees 'In review' (editor, product list, dashboard) while the product is
 * nowhere public; an administrator approves it at /admin/products and it appears on
 * /marketplace and its page. A seeded creator (an old, verified account) publishes at once.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_REVIEW_DATA_DIR, E2E_REVIEW_PORT } from '../support/e2e-env';
import { DEMO, failOnPageErrors, hydrated, signIn, signUpThroughApi, verificationLink } from './support';

failOnPageErrors();

const REVIEW_URL = `http://localhost:${E2E_REVIEW_PORT}`;
const OUTBOX = path.resolve(E2E_REVIEW_DATA_DIR, 'outbox');
test.use({ baseURL: REVIEW_URL });

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test("a new creator's first product waits in review; the admin approves it and it is on the marketplace", async ({ page, browser }) => {
  const stamp = `q${Date.now().toString(36)}`;
  const title = `Support inbox triage prompts ${stamp}`;
  await page.goto('/');
  const account = await signUpThroughApi(page, REVIEW_URL, { userType: 'creator', name: 'Nina Newcomer' });
  await page.goto(await verificationLink(account.email, OUTBOX));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  // A draft, then published from the editor: it answers 'In review'.
  const created = await page.request.post('/api/me/products', {
    headers: { Origin: REVIEW_URL },
    data: {
      title,
      description: 'Prompts that sort a support inbox by urgency and topic, with a reply draft for each. Use them to help a small team answer faster.',
      short_description: 'Sort and answer support email faster',
      category_id: 'business',
      ai_tool_type: 'chatgpt',
      status: 'draft',
      pricing_model: 'free',
      price: 0,
      content_delivery_type: 'text',
      content_text: 'Prompt 1: classify this email by urgency.',
      tags: ['support', 'email', stamp],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/products?edit=${id}`);
  await hydrated(page);
  await page.getByLabel('Status').selectOption('published');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Submitted for review')).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('in_review');
  expect(((await (await page.request.get(`/api/me/products/${id}`)).json()) as { status: string }).status).toBe('in_review');

  // The creator sees 'In review' in the studio's list and on the dashboard.
  await page.goto('/products');
  await hydrated(page);
  const card = page.locator('.st-card', { hasText: title });
  await expect(card.locator('.st-status')).toHaveText('In review');
  await expect(card).toContainText('Waiting for approval before it is public.');
  // The counts say so too: neither published nor a draft.
  const counts = page.getByRole('list', { name: 'Your products by status' });
  await expect(counts).toContainText('1 in review');
  await expect(counts).toContainText('0 published');
  await page.goto('/dashboard');
  await expect(page.locator('[data-review-notice]')).toContainText('In review: 1 product');

  // Nowhere public meanwhile.
  const visitor = await browser.newContext({ baseURL: REVIEW_URL });
  const guest = await visitor.newPage();
  expect((await guest.goto(`/product/${id}`))?.status()).toBe(404);
  const hidden = await guest.request.get(`/api/products?search=${encodeURIComponent(stamp)}`);
  expect(((await hidden.json()) as { items: { id: string }[] }).items.map((p) => p.id)).not.toContain(id);

  // The administrator approves it from the queue.
  const adminContext = await browser.newContext({ baseURL: REVIEW_URL });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin, REVIEW_URL);
  await admin.goto('/admin/products');
  await expect(admin.getByRole('heading', { level: 1, name: 'Products in review' })).toBeVisible();
  const queued = admin.locator('[data-review-card]', { hasText: title });
  await expect(queued).toContainText(account.email);
  await queued.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(admin.locator('.toast')).toContainText('Product approved');
  await expect(queued).toHaveCount(0);
  await adminContext.close();

  // On the marketplace and its page for everyone.
  await guest.goto(`/marketplace?search=${encodeURIComponent(stamp)}`);
  await expect(guest.locator('.pcard-title', { hasText: title })).toBeVisible();
  const productPage = await guest.goto(`/product/${id}`);
  expect(productPage?.status()).toBe(200);
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await visitor.close();

  // The creator's studio says Published now.
  await page.goto('/products');
  await hydrated(page);
  await expect(page.locator('.st-card', { hasText: title }).locator('.st-status')).toHaveText('Published');
});

test('an administrator rejects with a reason the creator reads in the editor; a seeded creator is not queued', async ({ page, browser }) => {
  const stamp = `r${Date.now().toString(36)}`;
  const title = `Meeting notes summariser ${stamp}`;
  await page.goto('/');
  const account = await signUpThroughApi(page, REVIEW_URL, { userType: 'creator', name: 'Rex Rejected' });
  await page.goto(await verificationLink(account.email, OUTBOX));
  const body = {
    title,
    description: 'Turns a meeting transcript into decisions, owners and dates. Use it to help your team follow up on every meeting.',
    status: 'published',
    pricing_model: 'free',
    price: 0,
    content_delivery_type: 'text',
    content_text: 'Paste the transcript after this prompt.',
  };
  const created = await page.request.post('/api/me/products', { headers: { Origin: REVIEW_URL }, data: body });
  const { id, status } = (await created.json()) as { id: string; status: string };
  expect(status).toBe('in_review');

  const adminContext = await browser.newContext({ baseURL: REVIEW_URL });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin, REVIEW_URL);
  await admin.goto('/admin/products');
  const queued = admin.locator('[data-review-card]', { hasText: title });
  // An empty reason is refused next to its field.
  await queued.getByRole('button', { name: `Reject ${title}` }).click();
  await expect(queued.locator('[data-reason-error]')).toHaveText('Say why, so the creator knows what to change');
  await queued.getByLabel('Reason for the creator').fill('Add an example of the summary it produces.');
  await queued.getByRole('button', { name: `Reject ${title}` }).click();
  await expect(admin.locator('.toast')).toContainText('Product rejected');
  await adminContext.close();

  await page.goto(`/products?edit=${id}`);
  await hydrated(page);
  await expect(page.locator('[data-review="rejected"]')).toContainText('Add an example of the summary it produces.');
  await expect(page.getByLabel('Status')).toHaveValue('rejected');

  // A copy with nearly the same title may be a draft, but publishing it is refused next to its title.
  const copy = await page.request.post('/api/me/products', {
    headers: { Origin: REVIEW_URL },
    data: { ...body, title: `${title}!`, status: 'draft' },
  });
  expect(copy.status()).toBe(201);
  await page.goto(`/products?edit=${((await copy.json()) as { id: string }).id}`);
  await hydrated(page);
  await page.getByLabel('Status').selectOption('published');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`You already have a product called “${title}”.`, { exact: false })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  // A seeded creator (joined months ago, verified) publishes at once.
  const demoContext = await browser.newContext({ baseURL: REVIEW_URL });
  const demo = await demoContext.newPage();
  await signIn(demo, DEMO.creator, REVIEW_URL);
  const published = await demo.request.post('/api/me/products', {
    headers: { Origin: REVIEW_URL },
    data: {
      title: `Seeded creator listing ${stamp}`,
      description: 'A checklist and prompts for onboarding a new hire in a week. Use it to help managers plan the first days.',
      status: 'published',
      pricing_model: 'free',
      price: 0,
      content_delivery_type: 'text',
      content_text: 'Day 1: accounts and introductions.',
    },
  });
  expect(((await published.json()) as { status: string }).status).toBe('published');
  await demoContext.close();
});
