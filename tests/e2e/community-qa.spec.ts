/**
 * Q&A on a product page in Chromium (issue 16, docs/decisions/036): a buyer asks a question from
 * the product page's 'Questions' panel (an empty submission first shows the form's messages);
 * the product's creator is notified, answers on the thread page and the reply carries the
 * 'Creator' badge; the buyer marks it as the answer, which then shows first with 'Accepted
 * answer', and the creator gets the 'accepted your answer' notice.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, failOnPageErrors, hydrated, signIn, signUpThroughApi, watchPageErrors } from './support';

failOnPageErrors();

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test("a buyer asks on a product page, the creator answers with the 'Creator' badge, the buyer marks the answer and the creator is told", async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const productTitle = `Webhook lead router ${suffix}`;
  const question = `Does the lead router work with Pipedrive? ${suffix}`;
  const answerText = `Yes: swap the HubSpot node for the Pipedrive one, the mapping is the same ${suffix}.`;

  // The demo creator publishes a free product (through the API, as the editor would).
  await signIn(page, DEMO.creator, baseURL!);
  const created = await page.request.post('/api/me/products', {
    headers: { Origin: baseURL! },
    data: {
      title: productTitle,
      description: 'An n8n workflow that receives leads from any form webhook, scores them and routes each to the right owner in your CRM.',
      short_description: 'Route form leads to the right owner',
      status: 'published',
      price: 0,
      pricing_model: 'free',
      category_id: 'business',
      ai_tool_type: 'n8n',
      content_type: 'workflow-automation',
      content_delivery_type: 'text',
      content_text: 'Import the workflow JSON into n8n and set your CRM credentials.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // A new buyer asks from the product page.
  const buyer = await (await browser.newContext({ baseURL })).newPage();
  watchPageErrors(buyer);
  await signUpThroughApi(buyer, baseURL!, { userType: 'buyer', name: 'Quinn Questioner', verified: true });
  await buyer.goto(`/product/${id}`);
  // Settled before scrolling: the download button hydrates when visible, at the top.
  await hydrated(buyer);
  const panel = buyer.locator('[data-product-questions]');
  await panel.scrollIntoViewIfNeeded();
  await expect(panel.getByText(`No questions about ${productTitle} yet.`, { exact: false })).toBeVisible();
  await panel.getByRole('button', { name: 'Ask a question' }).click();
  const form = panel.getByRole('form', { name: 'Ask a question' });
  await form.getByRole('button', { name: 'Post question' }).click();
  await expect(form.getByText('Write a title')).toBeVisible();
  await expect(form.getByText('Write something')).toBeVisible();
  await form.getByLabel('Your question').fill(question);
  await form.getByLabel('Details').fill('We moved from HubSpot to Pipedrive last month. Which nodes change?');
  await form.getByRole('button', { name: 'Post question' }).click();
  await expect(toasts(buyer).getByText('Question posted')).toBeVisible();
  const link = panel.getByRole('link', { name: question });
  await expect(link).toBeVisible();
  const threadPath = (await link.getAttribute('href'))!;
  expect(threadPath).toMatch(/^\/community\/[0-9a-f-]{36}$/);

  // Someone else answers first (through the API), so the accepted answer has a place to move up from.
  const helper = await (await browser.newContext({ baseURL })).newPage();
  await signUpThroughApi(helper, baseURL!, { userType: 'community', name: 'Hugo Helper', verified: true });
  const threadId = threadPath.split('/').pop()!;
  const early = await helper.request.post(`/api/community/threads/${threadId}/replies`, {
    headers: { Origin: baseURL! },
    data: { body: 'I think there is a Pipedrive node in n8n, but I have not tried it.' },
  });
  expect(early.status(), await early.text()).toBe(201);

  // The creator is told, opens the question and answers: the reply carries the 'Creator' badge.
  await page.goto('/tool-updates');
  await hydrated(page);
  await expect(page.getByRole('link', { name: new RegExp(`Quinn Questioner asked about ${productTitle}`) })).toBeVisible();
  await page.goto(threadPath);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: question })).toBeVisible();
  await page.getByRole('textbox', { name: 'Reply' }).fill(answerText);
  await page.getByRole('button', { name: 'Post reply' }).click();
  await expect(toasts(page).getByText('Reply posted')).toBeVisible();
  const posted = page.locator('#cm-new-replies li');
  await expect(posted).toHaveCount(1);
  await expect(posted.locator('[data-author-badge="creator"]')).toHaveText('Creator');

  // The buyer marks it as the answer.
  await buyer.goto(threadPath);
  await hydrated(buyer);
  const replies = buyer.locator('section[aria-labelledby="cm-replies-title"] > ol.cm-replies > li');
  await expect(replies).toHaveCount(2);
  const answer = buyer.locator('li.cm-reply', { hasText: answerText });
  await expect(answer.locator('[data-author-badge="creator"]')).toHaveText('Creator');
  await expect(buyer.locator('li.cm-reply', { hasText: 'I think there is a Pipedrive node' }).locator('[data-author-badge]')).toHaveCount(0);
  await expect(buyer.locator('[data-answered-pill]')).toHaveText('Question');
  await answer.getByRole('button', { name: 'Mark as answer' }).click();
  await expect(toasts(buyer).getByText('Answer marked')).toBeVisible();
  await expect(answer.getByText('Accepted answer')).toBeVisible();
  await expect(answer.getByRole('button', { name: 'Unmark answer' })).toHaveAttribute('aria-pressed', 'true');
  await expect(buyer.locator('[data-answered-pill]')).toHaveText('Answered');

  // As served to everyone: the accepted answer first.
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto(threadPath);
  const served = visitor.locator('section[aria-labelledby="cm-replies-title"] > ol.cm-replies > li');
  await expect(served.first()).toContainText(answerText);
  await expect(served.first().getByText('Accepted answer')).toBeVisible();
  await expect(served.first().locator('[data-author-badge="creator"]')).toHaveText('Creator');

  // The creator gets the notice.
  await page.goto('/tool-updates');
  await hydrated(page);
  await expect(page.getByRole('link', { name: /Quinn Questioner accepted your answer in/ })).toBeVisible();

  // The product page's panel: answered, and the creator replied.
  await buyer.goto(`/product/${id}`);
  await hydrated(buyer);
  await panel.scrollIntoViewIfNeeded();
  const item = panel.locator('[data-question-id]', { hasText: question });
  await expect(item.getByText('Answered')).toBeVisible();
  await expect(item.getByText('Creator replied')).toBeVisible();
});
