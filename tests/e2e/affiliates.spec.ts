/**
 * Affiliates in Chromium with the local test-mode provider (issue 31, docs/decisions/081): the
 * demo creator turns affiliates on for a product in the studio editor (80% refused, 30% saved); a new verified user gets a link
 * on its page; a buyer arrives through /a/{code}, buys with the test card, and the affiliate's
 * /affiliates shows the click, the sale and the commission.
 */
import { expect, test } from '@playwright/test';
import { DEMO, demoProductId, expectPurchased, failOnPageErrors, hydrated, payByCard, signIn, signUpVerifiedBuyer, startCheckout } from './support';

failOnPageErrors();

const STANDUP = 'Zapier Slack Standup Bot with Gemini Summaries';

test('a visit through an affiliate link leads to a purchase that credits the affiliate', async ({ browser, page, baseURL }) => {
  const id = await demoProductId(page, STANDUP);
  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  await signIn(creator, DEMO.creator, baseURL!);
  // The editor's pricing: 'Affiliates' with a commission, refused outside 1-75% before anything is sent.
  await creator.goto(`/products?edit=${id}`);
  await hydrated(creator);
  await creator.getByLabel('Affiliates').check();
  const commission = creator.getByLabel('Affiliate commission (%)');
  await commission.fill('80');
  await creator.getByRole('button', { name: 'Save Changes' }).click();
  await expect(creator.getByText('Enter a whole percent from 1 to 75, or turn affiliates off')).toBeVisible();
  await commission.fill('30');
  await creator.getByRole('button', { name: 'Save Changes' }).click();
  await expect(creator.getByRole('region', { name: 'Notifications' }).getByText('Product updated')).toBeVisible();
  expect(await (await creator.request.get(`/api/me/products/${id}`)).json()).toMatchObject({ affiliate_percent: 30 });
  await creatorContext.close();

  // A new user gets their link on the product's page (rebuilt with the setting).
  const affiliateContext = await browser.newContext();
  const affiliate = await affiliateContext.newPage();
  await signUpVerifiedBuyer(affiliate, baseURL!, 'Ada Affiliate');
  const getLink = affiliate.getByRole('button', { name: 'Get affiliate link (earn 30%)' });
  await expect(async () => {
    await affiliate.goto(`/product/${id}`);
    await expect(getLink).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await hydrated(affiliate);
  await getLink.click();
  const linkUrl = await affiliate.getByTestId('affiliate-url').inputValue();
  expect(linkUrl).toMatch(/\/a\/[a-z0-9]{8}$/);
  const code = linkUrl.split('/a/')[1]!;

  // A buyer follows the link: redirected to the product page with the ref, whose beacon keeps it.
  await signUpVerifiedBuyer(page, baseURL!, 'Bea Buyer');
  const beacon = page.waitForResponse((r) => r.url().endsWith(`/api/products/${id}/visit`) && r.request().method() === 'POST');
  await page.goto(new URL(linkUrl).pathname);
  await expect(page).toHaveURL(new RegExp(`/product/${id}\\?ref=${code}$`));
  expect((await beacon).status()).toBe(204);
  await startCheckout(page, id, 'Buy for');
  await payByCard(page, 'Pay $');
  await expectPurchased(page, id);

  // The affiliate's page: the click, the sale and the commission.
  const overview = (await (await affiliate.request.get('/api/me/affiliates')).json()) as { links: { code: string; sales: number; earningsCents: number }[] };
  const link = overview.links.find((l) => l.code === code)!;
  expect(link.sales).toBe(1);
  expect(link.earningsCents).toBeGreaterThan(0);
  await affiliate.goto('/affiliates');
  const row = affiliate.getByTestId('affiliate-link-row').filter({ hasText: STANDUP });
  await expect(row).toContainText(`$${(link.earningsCents / 100).toFixed(2)}`);
  await expect(row.locator('td').nth(3)).toHaveText('1');
  await expect(row.locator('td').nth(4)).toHaveText('1');
  await affiliateContext.close();
});
