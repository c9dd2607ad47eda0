import { expect, test } from '@playwright/test';
import { saveScreenshot } from './screenshots.js';

test('dashboard tabs: projects, shared videos and purchases', async ({ page }, testInfo) => {
  await page.goto('/dashboard');
  const prompt = page.getByRole('dialog', { name: 'Create a FREE Account' });
  await expect(
    prompt.getByText("Sign up to ensure you don't lose access to your projects and videos"),
  ).toBeVisible({
    timeout: 30_000,
  });
  await saveScreenshot(page, testInfo, 'dialog-create-free-account', { fullPage: false });
  await prompt.getByRole('button', { name: 'Not Now' }).click();

  const tabs = page.getByRole('tablist', { name: 'Dashboard' });
  const mobile = testInfo.project.name === 'mobile';
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  await expect(page.getByText('Create and manage your projects')).toBeVisible();
  await expect(tabs.getByRole('tab', { name: mobile ? 'Projects' : /Projects/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await tabs.getByRole('tab', { name: mobile ? 'Shared' : /Shared Videos/ }).click();
  await expect(page.getByRole('tabpanel').getByText('Videos shared with you')).toBeVisible();
  await saveScreenshot(page, testInfo, 'dashboard-shared');

  await tabs.getByRole('tab', { name: mobile ? 'Purchases' : /Purchases/ }).click();
  await expect(page.getByRole('tabpanel').getByText('Your purchase history')).toBeVisible();

  // The tab is kept in history state: a reload opens it again.
  await page.reload();
  // Guests are asked again on each visit; the dialog hides the page from assistive technology.
  await prompt.getByRole('button', { name: 'Not Now' }).click({ timeout: 30_000 });
  await expect(page.getByRole('tabpanel').getByText('Your purchase history')).toBeVisible({
    timeout: 30_000,
  });
  if (mobile) {
    // The tab row stays under the top bar while the page scrolls.
    const box = await tabs.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(375);
  }
});
