/**
 * Moderation in Chromium (issue 16, docs/decisions/037):
 * - the community: a member reports a discussion from its page; the administrator finds it in
 *   /admin/reports and hides it (the page is gone); another report, of the author's reply, and the
 *   administrator suspends the author; the author sees why on /community/new and their next post
 *   is refused with the same words, the draft kept;
 * - reviews and profiles: a signed-in visitor reports a review from the product page; the
 *   administrator hides it with a reason; it leaves the product page, the report moves to
 *   'Resolved' and the action is in the moderation log; the visitor reports the author's profile,
 *   the administrator suspends the author; their dashboard says until when and why, and their next
 *   review is refused with the same words; the administrator lifts the suspension from the card
 *   (docs/decisions/042) and the author finds both notices in /tool-updates.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, failOnPageErrors, hydrated, signIn, signUpThroughApi, watchPageErrors } from './support';

failOnPageErrors();

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

async function freeProduct(page: Page, baseURL: string, title: string): Promise<string> {
  const created = await page.request.post('/api/me/products', {
    headers: { Origin: baseURL },
    data: {
      title,
      description: 'Prompts that turn a sales call transcript into next steps, objections and a follow-up email for the prospect.',
      short_description: 'Sales calls into next steps',
      status: 'published',
      price: 0,
      pricing_model: 'free',
      category_id: 'business',
      ai_tool_type: 'chatgpt',
      content_delivery_type: 'text',
      content_text: 'Prompt 1: list the next steps with owners.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

test('a report reaches /admin/reports, the admin hides the review; a suspended author sees why and cannot review', async ({ page, baseURL, browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const base = baseURL!;

  // The demo creator publishes two free products.
  await signIn(page, DEMO.creator, base);
  const first = await freeProduct(page, base, `Sales call follow-up kit ${stamp}`);
  const second = await freeProduct(page, base, `Sales call objection kit ${stamp}`);
  await page.context().clearCookies();

  // The troll gets both and reviews the first with an advert.
  const trollContext = await browser.newContext({ baseURL: base });
  const troll = await trollContext.newPage();
  await troll.goto('/');
  const trollAccount = await signUpThroughApi(troll, base, { userType: 'buyer', name: 'Tim Troll', verified: true });
  for (const id of [first, second]) expect((await troll.request.post(`/api/products/${id}/download`, { headers: { Origin: base } })).status()).toBe(200);
  const advert = `Skip this and buy my course at cheap-courses instead ${stamp}`;
  const posted = await troll.request.post(`/api/products/${first}/reviews`, { headers: { Origin: base }, data: { rating: 1, text: advert } });
  expect(posted.status(), await posted.text()).toBe(201);

  // A signed-in visitor reports it from the product page.
  await signUpThroughApi(page, base, { userType: 'buyer', name: 'Rae Reporter', verified: true });
  await page.goto(`/product/${first}`);
  // Settled before scrolling: the download button hydrates when visible, at the top.
  await hydrated(page);
  const reviews = page.locator('[data-product-reviews]');
  await reviews.scrollIntoViewIfNeeded();
  const item = reviews.getByRole('listitem').filter({ hasText: advert });
  await item.getByRole('button', { name: 'Report' }).click();
  const form = item.getByRole('form', { name: 'Report this review' });
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form.locator('.rpt-error', { hasText: 'Choose a reason' })).toBeVisible();
  await form.getByLabel('Why are you reporting it?').selectOption('spam');
  await form.getByLabel('Details for our team (optional)').fill('An advert for another site.');
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(toasts(page).getByText('Report sent')).toBeVisible();

  // The administrator finds it in context and hides it.
  const adminContext = await browser.newContext({ baseURL: base });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin, base);
  await admin.goto('/admin/reports');
  await expect(admin.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const card = admin.locator('[data-report-card]', { hasText: advert });
  await expect(card).toContainText('Product review');
  await expect(card).toContainText('Spam or advertising');
  await expect(card).toContainText('reported by Rae Reporter');
  await expect(card).toContainText('An advert for another site.');
  await expect(card).toContainText('By Tim Troll');
  // Nothing is chosen beforehand; an action others see asks to be confirmed.
  await expect(card.getByLabel('Action')).toHaveValue('');
  await card.getByRole('button', { name: 'Apply to this report' }).click();
  await expect(card.getByText('Choose an action.')).toBeVisible();
  await card.getByLabel('Action').selectOption('hide');
  await card.getByRole('button', { name: 'Apply to this report' }).click();
  await expect(card.locator('[data-action-confirm]')).toContainText("Press 'Confirm' to apply it.");
  await card.getByRole('button', { name: 'Confirm: Hide it from the public' }).click();
  await expect(card.getByText('Say why: the log keeps it')).toBeVisible();
  await card.getByLabel('Reason (logged)').fill('Advertising another site.');
  await card.getByRole('button', { name: 'Confirm: Hide it from the public' }).click();
  await expect(toasts(admin).getByText('Hidden')).toBeVisible();
  await expect(card).toHaveCount(0);

  // Resolved, logged, and gone from the product page.
  await admin.goto('/admin/reports?tab=resolved');
  const resolved = admin.locator('[data-report-card]', { hasText: advert });
  await expect(resolved.locator('[data-resolution="hide"]')).toBeVisible();
  await expect(resolved.locator('[data-hidden-badge]')).toBeVisible();
  await admin.goto('/admin/reports?tab=log');
  await expect(admin.locator('[data-log-entry]').first()).toContainText('Advertising another site.');
  await expect(admin.locator('[data-log-entry]').first()).toContainText('Hidden');
  await page.reload();
  await page.evaluate(() => window.scrollTo(0, 0));
  await hydrated(page);
  await page.locator('[data-product-reviews]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-product-reviews]').getByText('No reviews yet.')).toBeVisible();
  await expect(page.getByText(advert)).toHaveCount(0);

  // The visitor reports the troll's profile; the administrator suspends them.
  await page.goto(`/profile/${trollAccount.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Report this profile' }).click();
  const profileForm = page.getByRole('form', { name: 'Report this profile' });
  await profileForm.getByLabel('Why are you reporting it?').selectOption('spam');
  await profileForm.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Reported. Thank you.')).toBeVisible();

  await admin.goto('/admin/reports');
  const profileCard = admin.locator(`[data-report-card][data-target-id="${trollAccount.id}"]`);
  await expect(profileCard).toContainText('Profile');
  await profileCard.getByLabel('Action').selectOption('suspend');
  await expect(profileCard.getByLabel('Suspended until (UTC)')).toBeVisible();
  await profileCard.getByLabel('Reason (logged)').fill('Spam reviews.');
  await profileCard.getByRole('button', { name: 'Apply to this report' }).click();
  await profileCard.getByRole('button', { name: 'Confirm: Suspend the author' }).click();
  await expect(toasts(admin).getByText('Author suspended')).toBeVisible();

  // The troll sees why on the dashboard, and their next review is refused with the same words.
  await troll.goto('/dashboard');
  const notice = troll.locator('[data-suspension-notice]');
  await expect(notice).toContainText('Your account is suspended until');
  await expect(notice).toContainText('Reason: Spam reviews.');
  await troll.goto(`/product/${second}`);
  await hydrated(troll);
  const theirReviews = troll.locator('[data-product-reviews]');
  await theirReviews.scrollIntoViewIfNeeded();
  const write = theirReviews.getByRole('form', { name: 'Write a review' });
  await write.getByRole('radio', { name: '5 stars' }).check();
  await write.getByLabel('Your review').fill('Best kit ever, and visit my course site too.');
  await write.getByRole('button', { name: 'Post review' }).click();
  await expect(write.getByRole('alert')).toContainText(/Your account is suspended until .+ UTC, so you cannot write reviews\. Reason: Spam reviews\./);

  // An appeal: the administrator lifts the suspension early from the resolved report's card (docs/decisions/042).
  await admin.goto('/admin/reports?tab=resolved');
  const suspendedCard = admin.locator(`[data-report-card][data-target-id="${trollAccount.id}"]`);
  await expect(suspendedCard).toContainText('Author suspended until');
  await suspendedCard.getByRole('button', { name: /^Lift suspension/ }).click();
  await expect(suspendedCard.getByText('Say why: the log keeps it')).toBeVisible();
  await suspendedCard.getByLabel('Why lift the suspension (logged, and sent to them)').fill('Appeal accepted.');
  await suspendedCard.getByRole('button', { name: /^Lift suspension/ }).click();
  await expect(toasts(admin).getByText('Suspension lifted')).toBeVisible();
  await expect(suspendedCard).not.toContainText('Author suspended until');
  await admin.goto('/admin/reports?tab=log');
  await expect(admin.locator('[data-log-entry]').first()).toContainText('Suspension lifted');
  await expect(admin.locator('[data-log-entry]').first()).toContainText('Appeal accepted.');
  await adminContext.close();

  // The troll was told of both, in /tool-updates, and the dashboard no longer shows a suspension.
  await troll.goto('/tool-updates');
  await expect(troll.getByRole('link', { name: /Your account is no longer suspended/ })).toBeVisible();
  await expect(troll.getByText('Reason: Appeal accepted.')).toBeVisible();
  await expect(troll.getByRole('link', { name: /Your account is suspended until .+ UTC/ })).toBeVisible();
  await expect(troll.getByText('Reason: Spam reviews.')).toBeVisible();
  await troll.goto('/dashboard');
  await expect(troll.locator('[data-suspension-notice]')).toHaveCount(0);
  await trollContext.close();
});

test('a reported discussion is hidden from /admin/reports; a suspended member cannot post and sees why', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const stamp = Math.random().toString(36).slice(2, 8);
  const title = `Cheap followers for your AI startup ${stamp}`;

  // The author starts a discussion and replies in another (through the API, as the forms do).
  const authorContext = await browser.newContext({ baseURL: base });
  const author = await authorContext.newPage();
  watchPageErrors(author);
  await author.goto('/');
  await signUpThroughApi(author, base, { userType: 'community', name: 'Fay Follower', verified: true });
  const thread = await author.request.post('/api/community/threads', {
    headers: { Origin: base },
    data: { spaceId: 'help', title, body: 'Message me to buy followers in bulk.' },
  });
  expect(thread.status(), await thread.text()).toBe(201);
  const { id: threadId } = (await thread.json()) as { id: string };

  // A member reports it from its page.
  const memberContext = await browser.newContext({ baseURL: base });
  const member = await memberContext.newPage();
  watchPageErrors(member);
  await member.goto('/');
  await signUpThroughApi(member, base, { userType: 'community', name: 'Mo Member', verified: true });
  const other = await member.request.post('/api/community/threads', {
    headers: { Origin: base },
    data: { spaceId: 'help', title: `How do I price a prompt pack? ${stamp}`, body: 'Per pack or per prompt?' },
  });
  expect(other.status(), await other.text()).toBe(201);
  const { id: otherId } = (await other.json()) as { id: string };
  await member.goto(`/community/${threadId}`);
  await hydrated(member);
  await member.getByRole('button', { name: 'Report this discussion' }).click();
  const form = member.getByRole('form', { name: 'Report this discussion' });
  await form.getByLabel('Why are you reporting it?').selectOption('spam');
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(member.getByText('Reported. Thank you.')).toBeVisible();

  // The administrator hides it from the queue; its page is gone.
  const adminContext = await browser.newContext({ baseURL: base });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin, base);
  await admin.goto('/admin/reports');
  const card = admin.locator(`[data-report-card][data-target-id="${threadId}"]`);
  await expect(card).toContainText('Discussion');
  await expect(card).toContainText(title);
  await expect(card).toContainText('Message me to buy followers in bulk.');
  await expect(card).toContainText('By Fay Follower');
  await card.getByLabel('Action').selectOption('hide');
  await card.getByLabel('Reason (logged)').fill('Selling followers.');
  await card.getByRole('button', { name: 'Apply to this report' }).click();
  await card.getByRole('button', { name: 'Confirm: Hide it from the public' }).click();
  await expect(toasts(admin).getByText('Hidden')).toBeVisible();
  expect((await member.goto(`/community/${threadId}`))?.status()).toBe(404);

  // The author replies in the member's discussion; the member reports the reply; the administrator suspends the author.
  const reply = await author.request.post(`/api/community/threads/${otherId}/replies`, { headers: { Origin: base }, data: { body: 'DM me for followers.' } });
  expect(reply.status(), await reply.text()).toBe(201);
  const { id: replyId } = (await reply.json()) as { id: string };
  const reported = await member.request.put(`/api/reports/reply/${replyId}`, { headers: { Origin: base }, data: { reason: 'spam' } });
  expect(reported.status(), await reported.text()).toBe(201);
  await admin.goto('/admin/reports');
  const replyCard = admin.locator(`[data-report-card][data-target-id="${replyId}"]`);
  await replyCard.getByLabel('Action').selectOption('suspend');
  await replyCard.getByLabel('Reason (logged)').fill('Selling followers again.');
  await replyCard.getByRole('button', { name: 'Apply to this report' }).click();
  await replyCard.getByRole('button', { name: 'Confirm: Suspend the author' }).click();
  await expect(toasts(admin).getByText('Author suspended')).toBeVisible();
  await adminContext.close();

  // The author sees why before writing, and the post is refused with the same words, the draft kept.
  await author.goto('/community/new?space=help');
  await expect(author.locator('[data-suspension-notice]')).toContainText('Your account is suspended until');
  await expect(author.locator('[data-suspension-notice]')).toContainText('Reason: Selling followers again.');
  await hydrated(author);
  await author.getByLabel('Title').fill(`Still selling followers ${stamp}`);
  await author.getByRole('textbox', { name: 'Text' }).fill('Ask me.');
  await author.getByRole('button', { name: 'Post discussion' }).click();
  await expect(
    toasts(author).getByText(/Your account is suspended until .+ UTC, so you cannot post in the community\. Reason: Selling followers again\./),
  ).toBeVisible();
  await expect(author.getByRole('textbox', { name: 'Text' })).toHaveValue('Ask me.');
  await authorContext.close();
  await memberContext.close();
});
