import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';

const footer = (page: Page) => page.getByRole('contentinfo');
const emailField = (page: Page) => footer(page).getByRole('textbox', { name: 'Email address' });
const subscribe = (page: Page) => footer(page).getByRole('button', { name: 'Subscribe' });

test.beforeEach(async ({ page }) => {
  await page.goto('/faq');
  // The form loads when the footer comes near the screen.
  await footer(page).scrollIntoViewIfNeeded();
});

test('an empty address asks for one', async ({ page }) => {
  await subscribe(page).click();
  await expect(footer(page).getByRole('alert')).toHaveText('Please enter your email address');
  await expect(emailField(page)).toHaveAttribute('aria-invalid', 'true');
});

test('an invalid address is refused before anything is sent', async ({ page }) => {
  await emailField(page).fill('not an address');
  await subscribe(page).click();
  await expect(footer(page).getByRole('alert')).toHaveText('Please enter a valid email address');
});

test('a valid address subscribes, and subscribing again is still a success', async ({ page }) => {
  const email = `reader-${randomUUID().slice(0, 8)}@example.com`;
  await emailField(page).fill(email);
  await subscribe(page).click();
  await expect(page.getByText('Successfully subscribed to our newsletter!')).toBeVisible();
  await expect(emailField(page)).toHaveValue('');

  await emailField(page).fill(email);
  const again = page.waitForResponse((response) =>
    Boolean(response.request().postData()?.includes('subscribeNewsletter')),
  );
  await subscribe(page).click();
  expect(await (await again).json()).toEqual({
    data: { subscribeNewsletter: { success: true, error: null } },
  });
  await expect(emailField(page)).toHaveValue('');
});

test('a fourth attempt within five minutes is refused in the browser', async ({ page }) => {
  // The limit is the page's own; a stand-in server keeps the real per-IP limit out of it.
  await page.route('**/graphql', (route) =>
    route.fulfill({ json: { data: { subscribeNewsletter: { success: true, error: null } } } }),
  );
  for (let attempt = 0; attempt < 3; attempt++) {
    await emailField(page).fill(`reader-${randomUUID().slice(0, 8)}@example.com`);
    await subscribe(page).click();
    await expect(subscribe(page)).toBeEnabled();
  }
  await emailField(page).fill(`reader-${randomUUID().slice(0, 8)}@example.com`);
  await subscribe(page).click();
  await expect(footer(page).getByRole('alert')).toHaveText('Too many attempts. Please try again later.');
});

test('a server failure says so', async ({ page }) => {
  await page.route('**/graphql', (route) =>
    route.fulfill({ json: { data: { subscribeNewsletter: { success: false, error: null } } } }),
  );
  await emailField(page).fill('reader@example.com');
  await subscribe(page).click();
  await expect(page.getByText('Failed to subscribe', { exact: true })).toBeVisible();
  await expect(page.getByText('Failed to subscribe to newsletter')).toBeVisible();
});
