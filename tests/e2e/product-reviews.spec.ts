/**
 * Product reviews in Chromium (issue 15, docs/decisions/029): the demo creator publishes a
 * free product; a new buyer downloads it and reviews it (an empty submission first shows the
 * form's field messages); the creator replies once; the rating then shows on the product's
 * marketplace card and on its page (both stored pages, re-rendered after the review).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, failOnPageErrors, hydrated, signIn, signUpThroughApi } from './support';

failOnPageErrors();

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test('a buyer downloads a free product and reviews it, the creator replies, the rating shows on the card and the page', async ({ page, baseURL, browser }) => {
  test.setTimeout(180_000);
  const title = `Meeting notes prompt kit ${Date.now().toString(36)}`;

  // The demo creator publishes a free product (through the API, as the editor would).
  await signIn(page, DEMO.creator, baseURL!);
  const created = await page.request.post('/api/me/products', {
    headers: { Origin: baseURL! },
    data: {
      title,
      description: 'Prompts that turn a meeting transcript into decisions, owners and deadlines, with a follow-up email draft for every attendee.',
      short_description: 'Turn transcripts into decisions and follow-ups',
      status: 'published',
      price: 0,
      pricing_model: 'free',
      category_id: 'business',
      ai_tool_type: 'chatgpt',
      content_type: 'prompts-templates',
      content_delivery_type: 'text',
      content_text: 'Prompt 1: list every decision with its owner and deadline.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.context().clearCookies();

  // A new buyer: before downloading, the page says who may review.
  await signUpThroughApi(page, baseURL!, { userType: 'buyer', name: 'Rosa Reviewer', verified: true });
  await page.goto(`/product/${id}`);
  // Settled before scrolling: the download button hydrates when visible, at the top.
  await hydrated(page);
  const reviews = page.locator('[data-product-reviews]');
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByText('Only people who got this product can review it.')).toBeVisible();
  await expect(reviews.getByText('No reviews yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Download for free' }).click();
  await expect(toasts(page).getByText('Download started!')).toBeVisible();

  // Now the form: an empty submission shows each field's message, then a real review posts.
  await page.reload();
  await page.evaluate(() => window.scrollTo(0, 0));
  await hydrated(page);
  await reviews.scrollIntoViewIfNeeded();
  const form = reviews.getByRole('form', { name: 'Write a review' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(form.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await expect(form.getByText('Write a few words about your experience')).toBeVisible();
  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByLabel('Your review').fill('Saved me twenty minutes after every meeting. The follow-up drafts need a light edit.');
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(toasts(page).getByText('Review posted')).toBeVisible();
  const list = reviews.getByRole('list', { name: 'Reviews' });
  await expect(list.getByText('Saved me twenty minutes after every meeting.', { exact: false })).toBeVisible();
  await expect(list.getByText('Rosa Reviewer')).toBeVisible();
  await expect(reviews.getByText('You reviewed this product:')).toBeVisible();
  await expect(reviews.locator('[data-review-summary]')).toContainText('4.0');
  await expect(reviews.locator('[data-review-summary]')).toContainText('1 review');

  // The creator replies, once.
  const creatorContext = await browser.newContext({ baseURL });
  const creator = await creatorContext.newPage();
  await signIn(creator, DEMO.creator, baseURL!);
  await creator.goto(`/product/${id}`);
  const creatorReviews = creator.locator('[data-product-reviews]');
  await creatorReviews.scrollIntoViewIfNeeded();
  await hydrated(creator);
  await expect(creatorReviews.getByText('This is your product: you can reply once to each review.')).toBeVisible();
  await creatorReviews.getByRole('button', { name: 'Reply' }).click();
  const reply = creatorReviews.getByRole('form', { name: 'Reply to Rosa Reviewer' });
  await reply.getByLabel('Your public reply').fill('Thank you, Rosa! Version 2 will make the drafts shorter.');
  await reply.getByRole('button', { name: 'Post reply' }).click();
  await expect(creatorReviews.getByText('Thank you, Rosa! Version 2 will make the drafts shorter.')).toBeVisible();
  await expect(creatorReviews.getByRole('button', { name: 'Reply' })).toHaveCount(0);
  await creatorContext.close();

  // The buyer sees the reply, and the rating on the stored product page and marketplace card.
  await expect
    .poll(
      async () => {
        await page.goto(`/product/${id}`);
        return page.locator('.pp-stats').innerText();
      },
      { timeout: 30_000 },
    )
    .toContain('4.0');
  await page.locator('[data-product-reviews]').scrollIntoViewIfNeeded();
  await hydrated(page);
  await expect(page.locator('[data-product-reviews]').getByText('Reply from the creator')).toBeVisible();
  await expect(page.locator('[data-product-reviews]').getByText('Thank you, Rosa! Version 2 will make the drafts shorter.')).toBeVisible();

  await expect
    .poll(
      async () => {
        await page.goto('/marketplace');
        const card = page.locator('article.pcard', { has: page.getByRole('link', { name: title }) });
        return (await card.count()) ? card.locator('.pcard-rating').innerText() : '';
      },
      { timeout: 30_000 },
    )
    .toContain('4.0');
});
