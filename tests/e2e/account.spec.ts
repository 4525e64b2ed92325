/**
 * Account settings (issue 15, docs/decisions/032) in Chromium:
 * - a buyer changes their password at /settings/account and the session of another browser
 *   (a second context, signed in before) ends, while this one stays signed in;
 * - a user picks a handle (a reserved one is refused under the field first), /@handle shows
 *   their profile, and the id URL redirects there.
 */
import { expect, test } from '@playwright/test';
import { failOnPageErrors, hydrated, signUpThroughApi } from './support';

failOnPageErrors();

test('a buyer changes their password and the old session ends', async ({ page, browser, baseURL }) => {
  const { email } = await signUpThroughApi(page, baseURL!, { userType: 'buyer', name: 'Paula Password' });

  // The same account signed in on another device (a second browser context).
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const signIn = await otherPage.request.post('/api/auth/sign-in/email', { data: { email, password: 'Str0ng!pass' }, headers: { Origin: baseURL! } });
  expect(signIn.ok()).toBe(true);
  await otherPage.goto('/settings/account');
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(otherPage.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')).toHaveCount(2);

  await page.goto('/settings/account');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('Wr0ng!pass');
  await form.getByLabel('New password', { exact: true }).fill('N3w!password');
  await form.getByLabel('Confirm new password').fill('N3w!password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Your current password is not correct')).toBeVisible();
  await expect(form.getByLabel('Current password')).toBeFocused();

  await form.getByLabel('Current password').fill('Str0ng!pass');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Password changed')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')).toHaveCount(1);

  // The other device is signed out: the private page sends it to sign in.
  await otherPage.goto('/settings/account');
  await expect(otherPage).toHaveURL(/\/auth\?mode=login/);
  await other.close();

  // This one is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
});

test('a user picks a handle and /@handle shows their profile', async ({ page, baseURL }) => {
  const { id } = await signUpThroughApi(page, baseURL!, { userType: 'creator', name: 'Hugo Handle' });
  await page.goto('/settings/account');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Handle' });
  const field = form.getByLabel('Handle');
  // A suggestion from the name.
  await expect(field).toHaveValue(/^hugo-handle/);

  await field.fill('admin');
  await form.getByRole('button', { name: 'Save handle' }).click();
  await expect(form.getByText('This handle is reserved. Please choose another one.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  const handle = `hugo-${Date.now().toString(36)}`;
  await field.fill(handle.toUpperCase());
  await form.getByRole('button', { name: 'Save handle' }).click();
  await expect(page.getByRole('link', { name: `/@${handle}` })).toBeVisible();

  await page.goto(`/@${handle}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Hugo Handle' })).toBeVisible();
  await expect(page.getByText(`@${handle}`, { exact: true })).toBeVisible();

  // The id URL redirects to the handle.
  const response = await page.request.get(`/profile/${id}`, { maxRedirects: 0 });
  expect(response.status()).toBe(308);
  expect(response.headers()['location']).toBe(`/@${handle}`);
  await page.goto(`/profile/${id}`);
  await expect(page).toHaveURL(new RegExp(`/@${handle}$`));

  // An unknown handle is not found.
  const missing = await page.goto('/@nobody-has-this-handle');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
});
