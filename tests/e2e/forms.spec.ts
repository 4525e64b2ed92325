/**
 * The forms on one library (docs/decisions/019) in a real Chromium, where no other spec
 * drives them: the error summary of the product editor (a link per field at fault, the
 * first field focused in its section, the summary gone once fixed), the profile edit form
 * (checked on submit, then as fields change; Save needs a change; Discard) and the seller
 * review form (messages after submit, a review added, then edited with its stars kept).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, failOnPageErrors, hydrated, signIn, signUpThroughApi, verificationLink } from './support';

failOnPageErrors();

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** Islands lower on the page hydrate when visible: scroll to this one and wait for it. */
async function islandReady(page: Page, inside: Locator): Promise<void> {
  await inside.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island', { has: inside })).not.toHaveAttribute('ssr');
}

test('the editor lists the fields at fault, focuses the first, and the list goes once they are fixed', async ({ page, baseURL }) => {
  await page.goto('/');
  await signIn(page, DEMO.creator, baseURL!);
  await page.goto('/products?new=1');
  await hydrated(page);
  await page.getByLabel('Title', { exact: true }).fill('AI Invoice Tool for Freelancers');
  await page.getByLabel('Description', { exact: true }).fill('Turns receipts into invoices. Use it to save hours of admin every month.');
  const submit = page.getByRole('button', { name: 'Create Product' });
  await expect(submit).toBeEnabled();

  // No delivery method yet: the summary links to it and the first radio of the method takes focus.
  await submit.click();
  const summary = page.getByRole('alert').filter({ hasText: 'needs attention' });
  await expect(summary).toContainText('1 field needs attention:');
  await expect(summary.getByRole('link', { name: 'Delivery method' })).toBeVisible();
  await expect(page.getByText('Choose how buyers receive the product')).toBeVisible();
  await expect(page.getByRole('radio', { name: /File upload/ })).toBeFocused();
  await expect(page.getByText('1 field needs attention before saving.')).toBeVisible();

  // Following the link focuses the field again, from wherever focus is.
  await page.getByLabel('Title', { exact: true }).focus();
  await summary.getByRole('link', { name: 'Delivery method' }).click();
  await expect(page.getByRole('radio', { name: /File upload/ })).toBeFocused();

  // Choosing a method clears its error, and the summary with it.
  await page.getByRole('radio', { name: /Text instructions/ }).check();
  await expect(page.getByText('Choose how buyers receive the product')).toBeHidden();
  await expect(summary).toHaveCount(0);
});

test('the profile form checks on submit, then as fields change, and saves only a change', async ({ page, baseURL }) => {
  await page.goto('/');
  await signUpThroughApi(page, baseURL!, { userType: 'buyer', name: 'Grace Hopper' });
  await page.goto('/profile#edit');
  const form = page.getByRole('form', { name: 'Edit your profile' });
  await islandReady(page, form);
  const save = form.getByRole('button', { name: 'Save profile' });
  await expect(save).toBeDisabled();

  const website = form.getByLabel('Website (optional)');
  await website.fill('grace.example.com');
  await save.click();
  await expect(form.getByText('URL should start with http:// or https://')).toBeVisible();
  await expect(website).toHaveAttribute('aria-invalid', 'true');
  await expect(website).toBeFocused();
  await expect(form.getByRole('alert').getByRole('link', { name: 'Website' })).toBeVisible();

  // After a submit, the error follows the edits.
  await website.fill('https://grace.example');
  await expect(form.getByText('URL should start with http:// or https://')).toBeHidden();
  await expect(website).not.toHaveAttribute('aria-invalid', 'true');

  await save.click();
  await expect(toasts(page).getByText('Profile updated')).toBeVisible();
  await expect(save).toBeDisabled();

  // Discard puts back what was saved.
  await form.getByLabel('Full name').fill('Amazing Grace');
  await expect(save).toBeEnabled();
  await form.getByRole('button', { name: 'Discard changes' }).click();
  await expect(form.getByLabel('Full name')).toHaveValue('Grace Hopper');
  await expect(form.getByLabel('Website (optional)')).toHaveValue('https://grace.example');
  await expect(save).toBeDisabled();
});

test('a review shows its messages after submit, is added, and edits with its stars', async ({ page, baseURL }) => {
  await page.goto('/');
  const search = await page.request.get('/api/products?search=claude&budget=free');
  const free = ((await search.json()) as { items: { id: string; creator: { id: string; fullName: string } }[] }).items[0]!;
  const seller = free.creator;
  const account = await signUpThroughApi(page, baseURL!, { userType: 'buyer', name: 'Ada Reviewer' });
  await page.goto(await verificationLink(account.email));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  await page.goto(`/profile/${seller.id}`);
  const form = page.locator('form.rform');
  await islandReady(page, form);
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await expect(form.getByText('Write a few words about your experience')).toBeVisible();

  // Only someone who got one of the seller's products reviews them (issue 15): refused until a download.
  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByLabel('Your experience').fill('Clear instructions and a quick answer to my question.');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(toasts(page).getByText("Only people who got one of this seller's products can review them")).toBeVisible();
  const downloaded = await page.request.post(`/api/products/${free.id}/download`, { headers: { Origin: baseURL! } });
  expect(downloaded.status(), await downloaded.text()).toBe(200);
  await page.reload();
  await islandReady(page, form);

  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByLabel('Your experience').fill('Clear instructions and a quick answer to my question.');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(toasts(page).getByText('Review added')).toBeVisible();
  await expect(page.getByText('Your review')).toBeVisible();

  await page.getByRole('button', { name: 'Edit review' }).click();
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(page.getByLabel('Your experience')).toHaveValue('Clear instructions and a quick answer to my question.');
  await page.getByRole('radio', { name: '5 stars' }).check();
  await page.getByRole('button', { name: 'Update review' }).click();
  await expect(toasts(page).getByText('Review updated')).toBeVisible();
});
