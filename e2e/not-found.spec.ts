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
