/**
 * Creator webhooks in Chromium (issue 14, docs/decisions/027): a creator opens /settings/api,
 * is refused a private URL, adds an endpoint pointing at a receiver this test runs on
 * 127.0.0.1 (the server's test-only OUTBOUND_ALLOW_HOSTS names its port), sends a test ping,
 * and sees the delivery listed with the receiver's answer; the request the receiver got is
 * signed with the secret the panel reveals.
 */
import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E_RECEIVER_PORT } from '../support/e2e-env';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { failOnPageErrors, hydrated, signUpThroughApi, verificationLink } from './support';

failOnPageErrors();

let receiver: WebhookReceiver;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver(E2E_RECEIVER_PORT);
  receiver.answer('/e2e-hook', { status: 200, body: 'thanks from the receiver' });
});

test.afterAll(async () => {
  await receiver?.close();
});

test('a creator adds a webhook endpoint, sends a test ping and sees the answer', async ({ page, baseURL }) => {
  const creator = await signUpThroughApi(page, baseURL!, { userType: 'creator', name: 'Hook Creator' });
  await page.goto(await verificationLink(creator.email));
  await expect(page).toHaveURL(/\/auth\/verified$/);

  await page.goto('/settings/api');
  await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
  await hydrated(page);
  await expect(page.getByText('No endpoints yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('form', { name: 'Add endpoint' });
  // A private address is refused by the server, with its reason under the field.
  await form.getByLabel('Endpoint URL').fill('https://10.0.0.1/hook');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText('The URL points to a private or reserved address')).toBeVisible();
  await expect(form.getByLabel('Endpoint URL')).toBeFocused();

  const url = `http://127.0.0.1:${E2E_RECEIVER_PORT}/e2e-hook`;
  await form.getByLabel('Endpoint URL').fill(url);
  await form.getByLabel(/^Description/).fill('My automation');
  await form.getByRole('checkbox', { name: /review\.created/ }).check();
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  const card = page.getByRole('listitem', { name: `Endpoint ${url}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('My automation')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Events' })).toContainText('sale.created');
  await expect(card.getByRole('list', { name: 'Events' })).toContainText('review.created');
  await expect(card.getByText('No deliveries yet.')).toBeVisible();

  await card.getByRole('button', { name: 'Send test ping' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Test ping delivered' })).toBeVisible();
  const deliveries = card.getByRole('region', { name: `Recent deliveries to ${url}` });
  const delivery = deliveries.getByRole('listitem').first();
  await expect(delivery).toContainText('Delivered');
  await expect(delivery).toContainText('webhook.test');
  await expect(delivery).toContainText('HTTP 200');
  await expect(delivery).toContainText('thanks from the receiver');

  // The receiver got one signed request; the secret the panel reveals verifies it.
  const [request] = receiver.on('/e2e-hook');
  expect(request).toBeDefined();
  await card.getByRole('button', { name: 'Reveal' }).click();
  const secret = (await card.getByLabel('Signing secret').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  const timestamp = String(request!.headers['toolmint-webhook-timestamp']);
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${request!.body}`).digest('hex')}`;
  expect(request!.headers['toolmint-signature']).toBe(expected);
  expect(JSON.parse(request!.body)).toMatchObject({ type: 'webhook.test', id: request!.headers['toolmint-webhook-id'] });

  // After a reload the endpoint and its delivery are still there.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('listitem', { name: `Endpoint ${url}` }).getByText('thanks from the receiver')).toBeVisible();
});
