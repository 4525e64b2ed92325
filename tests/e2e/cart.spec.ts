/**
 * The cart in Chromium with the local test-mode provider (issue 31, docs/decisions/082): a
 * visitor puts a product in the browser cart, signs in from /cart and finds it merged into the
 * account; adds a product of a second creator; /cart shows both and their total; a price raised
 * meanwhile is refused at checkout (CART_CHANGED) and shown; one checkout pays for both by card;
 * both are in /library and the header's count is back to 0. And a visitor's cart holding a
 * product of the account that signs in: the merge leaves it out and says why, and Remove empties
 * the cart.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, demoProductId, failOnPageErrors, hydrated, payByCard, signIn, signUpVerifiedBuyer } from './support';

failOnPageErrors();

// Two demo creators' one-time products no other spec changes: Jonas Berg's ($9) and Diego Ramírez's ($9.99).
const RUNWAY = 'Runway Motion Brush and Camera Control Field Guide';
const BRIEFS = 'Gemini Deep Research Brief Templates for Analysts';
// The demo creator's (Maya Chen).
const WEBINAR = 'Zapier Webinar Follow-Up Kit (Zoom to HubSpot to Gmail)';

/** The header's Cart link (desktop), named with its count: 'Cart', 'Cart, 2 items'. */
const cartLink = (page: Page) => page.locator('.header-row [data-cart-link]');

async function addToCart(page: Page, productId: string): Promise<void> {
  await page.goto(`/product/${productId}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'In cart: View cart' })).toBeFocused();
}

test('a visitor’s cart is merged on sign-in, a price raised meanwhile is shown, then one checkout pays for two creators’ products', async ({
  browser,
  page,
  baseURL,
}) => {
  // The buyer's account, made in a context of its own: this page stays a visitor's until it signs in.
  const setup = await browser.newContext();
  const email = await signUpVerifiedBuyer(await setup.newPage(), baseURL!, 'Cato Cart');
  await setup.close();
  const runway = await demoProductId(page, RUNWAY);
  const briefs = await demoProductId(page, BRIEFS);

  await addToCart(page, runway);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

  await page.getByRole('link', { name: 'In cart: View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await hydrated(page);
  await expect(page.getByRole('listitem', { name: RUNWAY })).toContainText('$9.00');
  await page.getByRole('link', { name: 'Sign in to check out' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=login&redirect=%2Fcart$/);
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // A new account's first sign-in offers onboarding first, then goes on to the cart.
  await expect(page).toHaveURL(/\/onboarding\?redirect=%2Fcart$/, { timeout: 20_000 });
  await hydrated(page);
  await page.getByRole('button', { name: 'Skip for now' }).click();

  // Back on /cart, signed in: the browser cart is now the account's, and the browser's is cleared.
  await expect(page).toHaveURL(/\/cart$/, { timeout: 20_000 });
  await hydrated(page);
  await expect(page.getByRole('listitem', { name: RUNWAY })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem('toolmint_cart'))).toBeNull();
  const saved = await page.request.get('/api/cart');
  expect(((await saved.json()) as { items: { productId: string }[] }).items.map((item) => item.productId)).toEqual([runway]);

  await addToCart(page, briefs);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

  await cartLink(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await hydrated(page);
  await expect(page.getByRole('listitem', { name: RUNWAY })).toContainText('$9.00');
  await expect(page.getByRole('listitem', { name: BRIEFS })).toContainText('$9.99');
  await expect(page.locator('[data-cart-total]')).toHaveText('$18.99');
  await expect(page.getByText('2 products from 2 creators, paid in one checkout')).toBeVisible();

  // Its creator raises a price while the buyer looks: the checkout is refused and the cart says what changed.
  const creator = await browser.newContext({ baseURL: baseURL! });
  const diego = await creator.newPage();
  await signIn(diego, { email: 'diego.ramirez@example.com', password: DEMO_PASSWORD }, baseURL!);
  const setPrice = async (price: number) => {
    const changed = await diego.request.patch(`/api/me/products/${briefs}`, { headers: { Origin: baseURL! }, data: { price } });
    expect(changed.ok(), await changed.text()).toBe(true);
  };
  await setPrice(12);
  try {
    await page.getByRole('button', { name: 'Checkout' }).click();
    const changed = page.getByRole('alert').filter({ hasText: 'Your cart changed' });
    await expect(changed).toContainText(`${BRIEFS} now costs $12.00 (it was $9.99).`);
    await expect(page.locator('[data-cart-total]')).toHaveText('$21.00');

    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\/cs_test_[A-Za-z0-9]+$/, { timeout: 20_000 });
    await hydrated(page);
    await payByCard(page, 'Pay $21.00');
  } finally {
    // The demo price again, for the specs after this one on this server.
    await setPrice(9.99);
    await creator.close();
  }

  // Back on /cart: paid, the cart empty, the header's count gone.
  await expect(page.getByText('Paid: your products are in your library.')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart');
  await expect(cartLink(page).locator('[data-cart-badge]')).toBeHidden();

  await page.goto('/library');
  await hydrated(page);
  // Each creator's own order, at the price paid.
  await expect(page.getByRole('listitem', { name: RUNWAY })).toContainText(/\$9\.00.*Paid/);
  await expect(page.getByRole('listitem', { name: BRIEFS })).toContainText(/\$12\.00.*Paid/);
  await expect(cartLink(page)).toHaveAccessibleName('Cart');
});

test('a product of the account that signs in is left out of the merge and the cart says why; Remove empties it', async ({ page, baseURL }) => {
  const webinar = await demoProductId(page, WEBINAR);
  const runway = await demoProductId(page, RUNWAY);
  await addToCart(page, webinar);
  await addToCart(page, runway);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

  await signIn(page, DEMO.creator, baseURL!);
  await page.goto('/cart');
  await hydrated(page);
  const notice = page.getByRole('status').filter({ hasText: 'This product was not added to your cart:' });
  await expect(notice).toContainText(`${WEBINAR}: You cannot buy your own product.`);
  await expect(page.getByRole('listitem', { name: RUNWAY })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

  await page.getByRole('button', { name: `Remove ${RUNWAY}` }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the marketplace' })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);

  // Its own page offers no 'Add to cart' to its creator.
  await page.goto(`/product/${webinar}`);
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
});
