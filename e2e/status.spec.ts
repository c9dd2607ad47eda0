import { expect, test } from '@playwright/test';
import { saveScreenshot } from './screenshots.js';

const HOPS = [
  'Recorded by the projects service',
  'Delivered through the event stream',
  'Consumed by the sharing service, pushed live',
];

test('the system check sends a probe through every hop and sees it come back live', async ({
  page,
}, testInfo) => {
  // Reached from the public site's footer.
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'System status' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { name: 'System check' })).toBeVisible();
  await expect(page.getByText('All systems ready.')).toBeVisible();

  await page.getByRole('button', { name: 'Run system check' }).click();

  // The page itself gives up after 10 s; wait a little longer so its own message would show in the trace.
  await expect(page.getByText(/All three hops completed in \d+ ms\./)).toBeVisible({ timeout: 15_000 });
  for (const hop of HOPS) {
    await expect(page.getByRole('listitem').filter({ hasText: hop })).toHaveAttribute('data-state', 'done');
  }
  await saveScreenshot(page, testInfo, 'status');
});
