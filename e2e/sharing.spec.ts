import { join } from 'node:path';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import jsqrModule from 'jsqr';
import sharp from 'sharp';
import { createProject, openDashboardAsGuest } from './guest.js';
import { saveScreenshot } from './screenshots.js';

// jsqr is a UMD bundle: Node hands its function over as the default export, which its ESM-style types do not say.
const jsQR = jsqrModule as unknown as typeof jsqrModule.default;

const SCREENSHOT_DIR = join(import.meta.dirname, '..', '.reports', 'screenshots');
const toasts = (page: Page) => page.locator('[data-sonner-toast]');

/** The share view with its toast, at one width, for a reviewer (.reports/screenshots/share-toast-{width}.png). */
async function captureShareToast(page: Page, testInfo: TestInfo, width: 1440 | 375) {
  if (testInfo.project.name === 'mobile') return;
  const before = page.viewportSize();
  await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `share-toast-${width}.png`),
    animations: 'disabled',
  });
  if (before) await page.setViewportSize(before);
}

/** Decodes the QR code the share view shows (a PNG data URL) as a phone camera would. */
async function decodeQr(dataUrl: string): Promise<string | undefined> {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

test('share a project, open the link anonymously, count the view once', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  await openDashboardAsGuest(page);
  const projectId = await createProject(page, 'Grandma Rose');

  await page.goto(`/project/${projectId}/share`);
  await expect(page.getByRole('heading', { name: 'Share Your Video' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Grandma Rose');
  await page.getByLabel('Title').fill('   ');
  await page.getByRole('button', { name: 'Share Video', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Share title cannot be empty' })).toBeVisible();
  await page.getByLabel('Title').fill('Grandma Rose at 90');
  await page.getByLabel('Your name (optional)').fill('Ann');
  await page.getByLabel('Message (optional)').fill('Thank you for every Sunday lunch.');
  await saveScreenshot(page, testInfo, 'share-form');
  await page.getByRole('button', { name: 'Share Video', exact: true }).click();
  // No photo yet: the share stands, its preview image is the title alone.
  await expect(
    toasts(page).filter({
      hasText: 'Video shared successfully, but custom preview image could not be generated',
    }),
  ).toBeVisible();

  const link = page.getByTestId('share-link');
  await expect(link).toHaveValue(/\/v\/[0-9a-f-]{36}$/);
  const url = await link.inputValue();

  // Copy and Instagram put the link on the clipboard, each with its toast.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(toasts(page).filter({ hasText: 'Link copied to clipboard!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(page.getByText('Copied', { exact: true })).toHaveCount(0);
  await captureShareToast(page, testInfo, 1440);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('button', { name: 'Instagram' }).click();
  await expect(toasts(page).filter({ hasText: 'Copy the link and share it on Instagram' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await captureShareToast(page, testInfo, 375);
  // A browser that refuses the clipboard (a dismissed permission prompt cannot be provoked headless).
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Denied', 'NotAllowedError'));
  });
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(toasts(page).filter({ hasText: 'Failed to copy link' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /wa\.me/);
  await expect(page.getByRole('link', { name: 'Back to Preview Video' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Next: Download Video' })).toBeVisible();
  const qr = page.getByTestId('share-qr');
  await expect(qr).toBeVisible();
  const expectedSize = testInfo.project.name === 'mobile' ? 160 : 200;
  expect((await qr.boundingBox())?.width).toBeCloseTo(expectedSize, 0);
  expect(await decodeQr((await qr.getAttribute('src')) ?? '')).toBe(url);
  await saveScreenshot(page, testInfo, 'share-view');

  // What a chat app's crawler gets: the title and the preview image in the HTML.
  const crawled = await page.request.get(url);
  expect(crawled.status()).toBe(200);
  const html = await crawled.text();
  expect(html).toContain('<title>Grandma Rose at 90 | Memoreel</title>');
  expect(html).toContain('summary_large_image');
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';
  const preview = await page.request.get(image);
  expect(preview.headers()['content-type']).toBe('image/jpeg');
  expect(await sharp(await preview.body()).metadata()).toMatchObject({ width: 1200, height: 630 });

  // A visitor with no session: the count rises once, 2 s after the page loads, and a reload does not add another.
  const visitor = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const viewer = await visitor.newPage();
  await viewer.goto(url);
  await expect(viewer.getByRole('heading', { name: 'Grandma Rose at 90' })).toBeVisible();
  await expect(viewer.getByText('by Ann')).toBeVisible();
  await expect(viewer.getByText('Thank you for every Sunday lunch.')).toBeVisible();
  await expect(viewer.getByTestId('view-count')).toHaveText('0 views');
  await expect(viewer.getByTestId('view-count')).toHaveText('1 views');
  await expect(viewer.getByRole('button', { name: 'Get Started Now' })).toBeVisible();
  await expect(viewer.getByTestId('shared-video-player')).toBeVisible();
  await saveScreenshot(viewer, testInfo, 'shared-video');
  await viewer.reload();
  await expect(viewer.getByTestId('view-count')).toHaveText('1 views');
  await viewer.waitForTimeout(2_500);
  await viewer.reload();
  await expect(viewer.getByTestId('view-count')).toHaveText('1 views');
  await visitor.close();

  // The owner's Shared Videos tab lists it; deleting the share makes the link a "Video Not Found".
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Share deleted')).toBeVisible();
  await expect(page.getByLabel('Title')).toBeVisible();
  const gone = await browser.newContext();
  const after = await gone.newPage();
  const response = await after.goto(url);
  expect(response?.status()).toBe(404);
  await expect(after.getByRole('heading', { name: 'Video Not Found' })).toBeVisible();
  await expect(
    after.getByText("The video you're looking for doesn't exist or has been removed."),
  ).toBeVisible();
  await expect(after.getByRole('link', { name: 'Return Home' })).toBeVisible();
  await gone.close();
});

/** A distinct photo-like JPEG per index, so consecutive frames of the video differ. */
async function photoJpeg(index: number): Promise<Buffer> {
  const hue = (index * 97) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640">
    <rect width="100%" height="100%" fill="hsl(${hue},70%,55%)"/>
    <circle cx="${200 + index * 180}" cy="300" r="140" fill="hsl(${(hue + 180) % 360},80%,75%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

test("an anonymous visitor plays the shared video's composition (no MP4 yet)", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await openDashboardAsGuest(page);
  await createProject(page, 'Summer 1986');
  const files = await Promise.all(
    [1, 2, 3].map(async (index) => ({
      name: `photo-${index}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await photoJpeg(index),
    })),
  );
  await page.getByTestId('photo-file-input').setInputFiles(files);
  await expect(page.getByText('Successfully uploaded 3 photo(s)')).toBeVisible({ timeout: 120_000 });
  // The preview image is made from the first photo's thumbnail: wait until they are made.
  await expect(page.locator('img[src*="/storage/"]')).toHaveCount(3, { timeout: 60_000 });
  const projectId = /\/project\/([0-9a-f-]{36})\//.exec(page.url())?.[1];
  // A vertical video (9:16), for phones.
  await page.goto(`/project/${projectId}/design`);
  const formatSaved = page.waitForResponse((r) =>
    (r.request().postData() ?? '').includes('UpdateVideoSettings'),
  );
  await page.getByTestId('format-9:16').click();
  expect((await formatSaved).ok()).toBe(true);
  await page.goto(`/project/${projectId}/share`);
  await page.getByRole('button', { name: 'Share Video', exact: true }).click();
  await expect(toasts(page).filter({ hasText: 'Video shared with custom preview image!' })).toBeVisible();
  const url = await page.getByTestId('share-link').inputValue();

  const visitor = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const viewer = await visitor.newPage();
  // The photos play once their thumbnails are made (a bus job after upload).
  await expect(async () => {
    await viewer.goto(url);
    await expect(viewer.getByTestId('shared-video-toggle')).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });

  // The first paint needs no script: the title and the first photo, on a phone its light thumbnail.
  const noScript = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    javaScriptEnabled: false,
  });
  const firstPaint = await noScript.newPage();
  await firstPaint.goto(url);
  await expect(firstPaint.getByRole('heading', { name: 'Summer 1986' })).toBeVisible();
  const still = firstPaint.getByTestId('shared-video-player').locator('img');
  await expect.poll(() => still.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const phone = testInfo.project.name === 'mobile';
  // Upright before any script runs: the first paint's box has the vertical video's shape.
  const firstBox = (await firstPaint.getByTestId('shared-video-player').boundingBox())!;
  expect(firstBox.height / firstBox.width).toBeCloseTo(16 / 9, 1);
  expect(await still.evaluate((image: HTMLImageElement) => image.currentSrc)).toContain(
    phone ? '-grid.webp' : '-carousel.webp',
  );
  await noScript.close();

  const player = viewer.getByTestId('shared-video-player');
  const toggle = viewer.getByTestId('shared-video-toggle');
  // Upright, in the video's own shape (no bars), and on a phone as wide as the page allows.
  const box = (await player.boundingBox())!;
  expect(box.height / box.width).toBeCloseTo(16 / 9, 1);
  if (phone) expect(box.width).toBeGreaterThan(viewer.viewportSize()!.width * 0.85);
  // At the first frame the centred play button shows without hovering (spec).
  await expect(toggle).toHaveAttribute('aria-label', 'Play video');
  await expect(toggle).toHaveCSS('opacity', '1');
  const before = await player.screenshot();
  // The first press loads the player (Remotion waits for it) and plays.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-label', 'Pause video', { timeout: 20_000 });
  await viewer.waitForTimeout(2_000);
  const after = await player.screenshot();
  expect(after.equals(before)).toBe(false);
  await saveScreenshot(viewer, testInfo, 'shared-video-playing');
  await visitor.close();
});
