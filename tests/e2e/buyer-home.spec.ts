/**
 * A buyer's home and product versions in Chromium (issue 15, docs/decisions/030):
 * - a new buyer downloads a free product and favorites another: /profile shows both (its
 *   library and favorites sections), its cards are the buyer's (never Sales or Earnings), and
 *   the dashboard's primary action is 'Browse the marketplace';
 * - the demo creator publishes v1.1 with release notes in the editor; the product's owner sees
 *   the notice in /tool-updates, and following it lands on the product page's 'What's new'.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, failOnPageErrors, hydrated, signIn, signUpThroughApi, verificationLink } from './support';

failOnPageErrors();

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** A new free, published product of the demo creator (text delivery): its id. */
async function freeProductOfDemoCreator(page: Page, baseURL: string, title: string): Promise<string> {
  await signIn(page, DEMO.creator, baseURL);
  const response = await page.request.post('/api/me/products', {
    headers: { Origin: baseURL },
    data: {
      title,
      description: 'A set of ready-made prompts and a checklist that turn meeting notes into clear follow-up emails in minutes.',
      short_description: 'Meeting notes to follow-up emails',
      status: 'published',
      price: 0,
      pricing_model: 'free',
      category_id: 'business',
      content_delivery_type: 'text',
      content_text: 'Prompt 1: summarise the decisions.',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await page.context().clearCookies();
  return id;
}

/** A new verified buyer, signed in in this page. */
async function newBuyer(page: Page, baseURL: string, name: string) {
  const buyer = await signUpThroughApi(page, baseURL, { userType: 'buyer', name });
  await page.goto(await verificationLink(buyer.email));
  await expect(page).toHaveURL(/\/auth\/verified$/);
  return buyer;
}

async function download(page: Page, baseURL: string, id: string) {
  const response = await page.request.post(`/api/products/${id}/download`, { headers: { Origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
}

test('a buyer sees their library and favorites on /profile, never sales or earnings', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const got = `Follow-up email prompts ${stamp}`;
  const liked = `Meeting recap checklist ${stamp}`;
  const gotId = await freeProductOfDemoCreator(page, baseURL!, got);
  const likedId = await freeProductOfDemoCreator(page, baseURL!, liked);

  await newBuyer(page, baseURL!, 'Hugo Home');
  await download(page, baseURL!, gotId);
  const favorite = await page.request.put(`/api/favorites/${likedId}`, { headers: { Origin: baseURL! } });
  expect(favorite.ok(), await favorite.text()).toBe(true);

  await page.goto('/profile');
  const library = page.getByRole('region', { name: 'Your library' });
  // The library list hydrates when it scrolls into view (client:visible).
  await library.scrollIntoViewIfNeeded();
  await hydrated(page);
  await expect(library.getByRole('listitem', { name: got })).toBeVisible();
  await expect(library.getByRole('button', { name: `Download again ${got}` })).toBeVisible();
  const favorites = page.getByRole('region', { name: 'Favorites' });
  await expect(favorites.getByRole('heading', { name: liked })).toBeVisible();
  const figures = page.getByRole('navigation', { name: 'Your figures' });
  await expect(figures).toContainText('Library');
  await expect(figures).not.toContainText('Sales');
  await expect(figures).not.toContainText('Earnings');
  await expect(page.locator('main')).not.toContainText(/Sales|Earnings/);
  await expect(page.getByRole('region', { name: 'Following' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reviews you wrote' })).toBeVisible();

  // The dashboard's primary action is the buyer's main task.
  await page.goto('/dashboard');
  const primary = page.locator('[data-primary-action]');
  await expect(primary).toHaveText('Browse the marketplace');
  await expect(primary).toHaveClass(/btn-primary/);
  await expect(page.getByRole('button', { name: 'Sign Out' }).first()).not.toHaveClass(/btn-primary/);
});

test("a creator publishes v1.1 with notes; the owner is notified and sees 'What's new'", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const title = `Sales call prompts ${Date.now().toString(36)}`;
  const id = await freeProductOfDemoCreator(page, baseURL!, title);
  const owner = await newBuyer(page, baseURL!, 'Olga Owner');
  await download(page, baseURL!, id);
  await page.context().clearCookies();

  // The creator sets the version and its notes in the editor and saves.
  await signIn(page, DEMO.creator, baseURL!);
  await page.goto(`/products?edit=${id}`);
  await hydrated(page);
  await page.getByLabel('Version (optional)').fill('1.1');
  await page.getByLabel('Release notes (optional)').fill('Adds prompts for discovery calls and a follow-up template.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Product updated')).toBeVisible();
  // Going back to no version is refused with the field's message.
  await page.getByLabel('Version (optional)').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('This product was released as v1.1: keep a version number').first()).toBeVisible();
  await page.context().clearCookies();

  // The owner finds the notice in /tool-updates and follows it to 'What's new'.
  await signIn(page, { email: owner.email, password: 'Str0ng!pass' }, baseURL!);
  await page.goto('/tool-updates');
  await hydrated(page);
  const notice = page.getByRole('link', { name: new RegExp(`New version of ${title}: v1\\.1`) });
  await expect(notice).toBeVisible();
  await expect(page.getByText('Adds prompts for discovery calls and a follow-up template.')).toBeVisible();
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/product/${id}#whats-new$`));
  // The stored page is rendered again after the change (docs/decisions/015): reload until it shows.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: "What's new" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const whatsNew = page.getByRole('region', { name: "What's new" });
  await expect(whatsNew).toContainText('Version 1.1');
  await expect(whatsNew).toContainText('Adds prompts for discovery calls and a follow-up template.');
});
