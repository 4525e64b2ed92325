/**
 * Issue 10 in a real Chromium: a new creator sees the verify-your-email banner (on on-demand
 * and prebuilt pages) and the dashboard card, can resend the email, is refused publishing
 * with the message, opens the link from the server's outbox (parsed .eml), lands on 'Email
 * verified', and then publishes. A buyer finds 'Start selling' on /products, names a company
 * with the sign-up rules, and gets the studio.
 */
import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, hydrated, signUpThroughApi, verificationLink } from './support';

failOnPageErrors();

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const banner = (page: Page) => page.locator('[data-verify-banner]');

const draft = {
  title: 'AI Invoice Reader Tool',
  description: 'Reads invoices and fills your bookkeeping sheet. Use it to help your team save hours. It works with PDF and images.',
  category_id: 'business',
  status: 'draft',
  price: 0,
  pricing_model: 'free',
  content_delivery_type: 'text',
  content_text: 'Open the sheet template and paste your key.',
  tags: ['ai', 'automation', 'finance'],
};

test('a new creator verifies their email from the outbox, then publishes', async ({ page, baseURL }) => {
  await page.goto('/');
  const account = await signUpThroughApi(page, baseURL!, { userType: 'creator', name: 'Vera Verify' });

  // On-demand page: the server renders the banner and the dashboard card.
  await page.goto('/dashboard');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('Please verify your email address.');
  await expect(banner(page)).toContainText(account.email);
  await expect(page.getByRole('heading', { name: 'Verify your email address' })).toBeVisible();
  // Prebuilt page: the header shows it from the session store.
  await page.goto('/ai-tools');
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Resend' }).click();
  await expect(toasts(page).getByText('Verification email sent')).toBeVisible();

  // Publishing is refused with the message; the draft is saved.
  const created = await page.request.post('/api/me/products', { headers: { Origin: baseURL! }, data: draft });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/products?edit=${id}`);
  await hydrated(page);
  await page.getByLabel('Status').selectOption('published');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Please verify your email address first. We sent you a link.')).toBeVisible();
  expect(((await (await page.request.get(`/api/me/products/${id}`)).json()) as { status: string }).status).toBe('draft');

  // The link from the outbox confirms the address and keeps the session.
  await page.goto(await verificationLink(account.email));
  await expect(page).toHaveURL(/\/auth\/verified$/);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Vera!' })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Verify your email address' })).toHaveCount(0);
  await page.goto('/ai-tools');
  await expect(page.locator('.site-header[data-auth-state="signed-in"]')).toBeAttached();
  await expect(banner(page)).toBeHidden();

  await page.goto(`/products?edit=${id}`);
  await hydrated(page);
  await page.getByLabel('Status').selectOption('published');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Product updated')).toBeVisible();
  expect(((await (await page.request.get(`/api/me/products/${id}`)).json()) as { status: string }).status).toBe('published');
});

test('a buyer starts selling from /products with the sign-up rules for the company', async ({ page, baseURL }) => {
  await page.goto('/');
  const account = await signUpThroughApi(page, baseURL!, { userType: 'buyer', name: 'Bo Buyer' });
  await page.goto(await verificationLink(account.email));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Start selling on toolmint' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create AI Product' })).toHaveCount(0);
  const company = page.getByLabel('Company or project name');
  await page.getByRole('button', { name: 'Start selling' }).click();
  await expect(page.getByText('Company or project name is required for creators')).toBeVisible();
  await company.fill('X');
  await company.blur();
  await expect(page.getByText('Company name must be at least 2 characters')).toBeVisible();
  await company.fill('Bo Tools');
  await expect(page.getByText('Company name must be at least 2 characters')).toBeHidden();
  await page.getByRole('button', { name: 'Start selling' }).click();

  await expect(page.getByRole('button', { name: 'Create AI Product' }).first()).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText('Creator dashboard')).toBeVisible();
  await expect(page.getByText('Bo Tools')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Start selling on toolmint' })).toHaveCount(0);
});
