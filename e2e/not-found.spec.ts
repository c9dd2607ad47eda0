import { expect, test } from '@playwright/test';
import { saveScreenshot } from './screenshots.js';

test('an unknown address shows the not-found page with a way home', async ({ page }, testInfo) => {
  await page.goto('/this-page-does-not-exist');

  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await saveScreenshot(page, testInfo, 'not-found');

  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Turn cherished photos');
});

test('an unknown shared video says it does not exist, with a way home', async ({ page }) => {
  const response = await page.goto('/v/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Video Not Found' })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText("The video you're looking for doesn't exist or has been removed."),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
