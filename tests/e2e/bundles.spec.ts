/**
 * Bundles in Chromium with the local test-mode provider (issue 31, docs/decisions/080): the demo
 * creator makes a bundle of two of their products at /sales/bundles (the saving shown as they
 * choose); its product page says 'Bundle of 2 products' and lists what is in it with each price alone; a buyer buys it with the
 * test card 4242 4242 4242 4242 and finds each product in /library, 'From the bundle'.
 */
import { expect, test } from '@playwright/test';
import { DEMO, expectPurchased, failOnPageErrors, hydrated, payByCard, signIn, signUpVerifiedBuyer, startCheckout } from './support';

failOnPageErrors();

const STANDUP = 'Zapier Slack Standup Bot with Gemini Summaries';
const WEBINAR = 'Zapier Webinar Follow-Up Kit (Zoom to HubSpot to Gmail)';
const BUNDLE = 'Standup and webinar automation bundle';

test('the creator makes a bundle; a buyer buys it and finds each product in /library', async ({ browser, page, baseURL }) => {
  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  await signIn(creator, DEMO.creator, baseURL!);
  await creator.goto('/sales/bundles');
  await hydrated(creator);
  const form = creator.getByRole('form', { name: 'New bundle' });
  await form.getByLabel('Bundle title').fill(BUNDLE);
  await form.getByLabel(STANDUP).check();
  await form.getByLabel(WEBINAR).check();
  // $12.00 + $19.00 on their own.
  await expect(form).toContainText('On their own: $31.00');
  await form.getByLabel('Bundle price ($)').fill('25');
  await expect(form).toContainText('2 products for $25.00 (save $6.00)');
  await form.getByRole('button', { name: 'Create bundle' }).click();
  const link = creator.getByRole('link', { name: BUNDLE });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const bundleId = (await link.getAttribute('href'))!.split('/product/')[1]!;
  await creatorContext.close();

  // The bundle's page lists its products, each with its price alone, and the saving.
  await page.goto(`/product/${bundleId}`);
  await expect(page.getByText('Bundle of 2 products', { exact: true })).toBeVisible();
  const inside = page.getByRole('region', { name: 'In this bundle' });
  await expect(inside).toContainText('2 products for $25.00 (save $6.00)');
  await expect(inside.getByRole('listitem').filter({ hasText: STANDUP })).toContainText('$12.00 on its own');
  await expect(inside.getByRole('listitem').filter({ hasText: WEBINAR })).toContainText('$19.00 on its own');

  await signUpVerifiedBuyer(page, baseURL!, 'Bo Bundle');
  await startCheckout(page, bundleId, 'Buy for $25.00');
  await payByCard(page, 'Pay $25.00');
  await expectPurchased(page, bundleId);

  await page.goto('/library');
  await hydrated(page);
  await expect(page.getByRole('listitem', { name: BUNDLE })).toContainText('Paid');
  for (const title of [STANDUP, WEBINAR]) {
    const item = page.getByRole('listitem', { name: title });
    await expect(item).toContainText(`From the bundle ${BUNDLE}`);
    await expect(item.getByRole('button', { name: /Download again/ })).toBeVisible();
  }
});
