import { expect, test } from '@playwright/test';
import { saveScreenshot } from './screenshots.js';

test('a chosen theme and colour mode survive a reload', async ({ page }, testInfo) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'blue');

  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('radio', { name: 'Rose' }).check();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(html).toHaveAttribute('data-theme', 'rose');
  await expect(html).toHaveClass(/\bdark\b/);

  await page.reload();

  await expect(html).toHaveAttribute('data-theme', 'rose');
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('app-theme'))).toBe('rose');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await saveScreenshot(page, testInfo, 'theme');
});
