import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { createProject, openDashboardAsGuest } from './guest.js';

/** Spec 2 §8 toasts of steps 1, 2 and 5: per-file uploads, and the two save failures. */

async function photoFiles(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `photo-${String(index + 1).padStart(2, '0')}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp({
        create: { width: 320, height: 240, channels: 3, background: { r: 40 * index, g: 120, b: 200 } },
      })
        .jpeg()
        .toBuffer(),
    })),
  );
}

/** The server refuses this GraphQL operation (a fault on its side), as a real failure would answer. */
async function failOperation(page: Page, operation: string) {
  await page.route('**/graphql', async (route) => {
    if ((route.request().postData() ?? '').includes(`mutation ${operation}`)) {
      await route.fulfill({
        json: {
          data: null,
          errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL' } }],
        },
      });
    } else {
      await route.fallback();
    }
  });
}

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

test('uploads say each file once in one toast; a refused photo order and video settings say so', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'The same toasts on every screen; once is enough.');
  test.setTimeout(120_000);
  await openDashboardAsGuest(page);
  const projectId = await createProject(page, 'Toasts');

  // Three files: one 'Uploaded {name}' toast that each finished file takes over, then the summary.
  await page.getByTestId('photo-file-input').setInputFiles(await photoFiles(3));
  const perFile = toasts(page).filter({ hasText: /^Uploaded photo-0[1-3]\.jpg$/ });
  await expect(perFile).toHaveCount(1, { timeout: 60_000 });
  await expect(page.getByText('Successfully uploaded 3 photo(s)')).toBeVisible({ timeout: 60_000 });
  await expect(toasts(page).filter({ hasText: /^Uploaded photo-/ })).toHaveCount(1);

  // Step 2: the new order is refused.
  await page.goto(`/project/${projectId}/sort`);
  const first = page.getByRole('button', { name: 'photo-01.jpg, photo 1 of 3' });
  await expect(first).toBeVisible({ timeout: 30_000 });
  await failOperation(page, 'ReorderPhoto');
  await first.focus();
  await page.keyboard.press('Space');
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  // dnd-kit listens for arrow keys from a timer set at pick-up (see photos.spec.ts).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('photo-01.jpg moved to position 2 of 3.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(toasts(page).filter({ hasText: 'Failed to update photo order' })).toBeVisible();
  await page.unroute('**/graphql');

  // Step 5: the duration is refused.
  await page.goto(`/project/${projectId}/design`);
  const slider = page.getByLabel('Duration Per Photo (seconds)');
  await expect(slider).toHaveValue('3', { timeout: 30_000 });
  await failOperation(page, 'UpdateVideoSettings');
  await slider.fill('5');
  await expect(toasts(page).filter({ hasText: 'Failed to update video settings' })).toBeVisible();
});
