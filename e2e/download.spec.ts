import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { createProject, openDashboardAsGuest } from './guest.js';
import { saveScreenshot } from './screenshots.js';
import { upgradeGuestProject } from './stripe-webhook.js';

const SCREENSHOT_DIR = join(import.meta.dirname, '..', '.reports', 'screenshots');

const run = promisify(execFile);

/**
 * The video is as short as step 5 allows, so the render is quick: a 2-s title card, then each photo
 * for 1 s (4 s, 120 frames). Its checks read the middle of each part.
 */
const CARD_SECONDS = 2;
const PHOTO_SECONDS = 1;
const VIDEO_SECONDS = CARD_SECONDS + 2 * PHOTO_SECONDS;

/** Step 9: a free project is offered the upgrade; an upgraded one generates, follows the progress and downloads. */

/** A landscape photo, or (`portrait`) a 3:4 one such as a phone takes upright. */
async function photoJpeg(index: number, portrait = false): Promise<Buffer> {
  const hue = (index * 97) % 360;
  const [width, height] = portrait ? [720, 960] : [960, 640];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue},70%,55%)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="160" fill="hsl(${(hue + 180) % 360},80%,75%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

async function uploadPhotos(page: Page, count: number) {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `photo-${index + 1}.jpg`,
      mimeType: 'image/jpeg',
      // The second one upright: it fills the vertical video.
      buffer: await photoJpeg(index + 1, index === 1),
    })),
  );
  await page.getByTestId('photo-file-input').setInputFiles(files);
  await expect(page.getByText(`Successfully uploaded ${count} photo(s)`)).toBeVisible({ timeout: 180_000 });
}

/** Does what changes a setting and waits until the server has it (a choice saves at once). */
async function saved(page: Page, change: () => Promise<void>) {
  const response = page.waitForResponse((r) =>
    (r.request().postData() ?? '').includes('UpdateVideoSettings'),
  );
  await change();
  expect((await response).ok()).toBe(true);
}

test('an upgraded project generates its vertical video, shows the progress and downloads a playable 9:16 MP4', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'Rendering once is enough on a shared machine.');
  test.setTimeout(480_000);
  await openDashboardAsGuest(page);
  const projectId = await createProject(page, 'Grandpa Joe');
  await uploadPhotos(page, 2);

  // Free: the upgrade prompt instead of a render.
  await page.goto(`/project/${projectId}/download`);
  await expect(page.getByRole('heading', { name: 'Download Your Video' })).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade to Generate' }).click();
  await expect(page.getByRole('dialog', { name: 'Upgrade Your Project' })).toBeVisible();
  await page.keyboard.press('Escape');

  await upgradeGuestProject(page, projectId, 'honor', 3900);

  // Step 3: a caption on the first photo, in Arabic with an emoji.
  await page.goto(`/project/${projectId}/edit`);
  const caption = page.getByTestId('caption-input');
  const captionSaved = page.waitForResponse((r) =>
    (r.request().postData() ?? '').includes('SetPhotoCaption'),
  );
  await caption.fill('جدتي روز 🌹');
  expect((await captionSaved).ok()).toBe(true);
  await saveScreenshot(page, testInfo, 'edit-caption');
  // And the second photo, in English on two lines, at the top.
  await page.getByRole('button', { name: 'Next photo' }).click();
  await expect(page.getByText('Photo 2 of 2')).toBeVisible();
  const secondSaved = page.waitForResponse(
    (r) =>
      (r.request().postData() ?? '').includes('SetPhotoCaption') &&
      (r.request().postData() ?? '').includes('top'),
  );
  await caption.fill('Galway, summer 1962\nwith Rose');
  await page.locator('label', { hasText: /^Top$/ }).click();
  expect((await secondSaved).ok()).toBe(true);
  await page.setViewportSize({ width: 375, height: 812 });
  await caption.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'edit-caption-375.png'), animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Step 5: a vertical video with slides, each photo for the shortest time; the preview stands upright.
  await page.goto(`/project/${projectId}/design`);
  await saved(page, () => page.getByTestId('format-9:16').click());
  await saved(page, () => page.getByRole('radio', { name: /Slide/ }).check());
  await saved(page, () => page.getByLabel('Duration Per Photo (seconds)').fill(String(PHOTO_SECONDS)));
  // An opening title: the name and the years, in the script face, for its shortest time.
  const cards = page.getByTestId('video-cards');
  await cards.getByRole('switch', { name: 'Opening title' }).click();
  await cards.getByLabel('Title', { exact: true }).fill('In loving memory of Joe');
  await cards.getByLabel('Subtitle').fill('1931 – 2024');
  await cards.getByLabel('Seconds on screen').fill(String(CARD_SECONDS));
  await cards.getByText('Handwritten script').click();
  await expect(cards.getByText('All changes saved')).toBeVisible();
  await expect(page.getByTestId('total-duration')).toHaveText(`0:${String(VIDEO_SECONDS).padStart(2, '0')}`);
  await cards.scrollIntoViewIfNeeded();
  await saveScreenshot(page, testInfo, 'design-title-card');
  await page.setViewportSize({ width: 375, height: 812 });
  await cards.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'design-title-card-375.png'), animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/project/${projectId}/preview`);
  const player = page.getByTestId('preview-player');
  // It opens on the title card.
  await expect(player.getByText('In loving memory of Joe')).toBeVisible({ timeout: 60_000 });
  const box = (await player.boundingBox())!;
  expect(box.height / box.width).toBeCloseTo(16 / 9, 1);
  await saveScreenshot(page, testInfo, 'preview-vertical');

  // Generate once the tier has arrived (a reload reads the project again); the derivatives may still be baking.
  await expect(async () => {
    await page.goto(`/project/${projectId}/download`);
    await expect(page.getByText(/1080×1920, 30 frames per second/)).toBeVisible({ timeout: 3_000 });
    await page.getByRole('button', { name: 'Generate Video' }).click({ timeout: 3_000 });
    await expect(page.getByText('Started generating your video')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 90_000 });
  await expect(page.getByRole('progressbar', { name: 'Video generation progress' })).toBeVisible();
  await expect(page.getByTestId('render-progress-message')).toHaveText(
    /Starting\.\.\.|Processing video frames\.\.\.|Almost there\.\.\./,
  );
  await saveScreenshot(page, testInfo, 'download-rendering');

  const download = page.getByTestId('download-video');
  await expect(download).toBeVisible({ timeout: 360_000 });
  await expect(page.getByText('Your video is ready for download!')).toBeVisible();
  await saveScreenshot(page, testInfo, 'download-ready');

  const href = (await download.getAttribute('href')) ?? '';
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-disposition']).toMatch(/Grandpa Joe-.*\.mp4/);
  const dir = await mkdtemp(join(tmpdir(), 'e2e-download-'));
  try {
    const file = join(dir, 'video.mp4');
    await writeFile(file, await response.body());
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'stream=codec_type,width,height,r_frame_rate:format=duration'],
      ...['-of', 'json', file],
    ]);
    const probe = JSON.parse(stdout) as { streams: Record<string, unknown>[]; format: { duration: string } };
    const streams = probe.streams;
    expect(Number(probe.format.duration)).toBeCloseTo(VIDEO_SECONDS, 0);
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({
      width: 1080,
      height: 1920,
      r_frame_rate: '30/1',
    });
    expect(streams.some((s) => s.codec_type === 'audio')).toBe(true);
    // The title card's middle: light words on charcoal in the middle of the frame.
    const still = join(SCREENSHOT_DIR, 'download-title-frame.png');
    const titleAt = String(CARD_SECONDS / 2);
    await run('ffmpeg', ['-v', 'error', '-y', '-ss', titleAt, '-i', file, '-frames:v', '1', still]);
    const middle = await sharp(still)
      .extract({ left: 90, top: 760, width: 900, height: 400 })
      .greyscale()
      .stats();
    expect(middle.channels[0]!.max).toBeGreaterThan(200);
    expect(middle.channels[0]!.mean).toBeLessThan(80);
    // The first photo's middle (after the card, half its time in; its caption fades over a tenth at
    // either end): its caption near the foot, white.
    const captioned = join(SCREENSHOT_DIR, 'download-caption-frame.png');
    const firstAt = String(CARD_SECONDS + PHOTO_SECONDS / 2);
    await run('ffmpeg', ['-v', 'error', '-y', '-ss', firstAt, '-i', file, '-frames:v', '1', captioned]);
    const foot = await sharp(captioned)
      .extract({ left: 100, top: 1600, width: 880, height: 200 })
      .greyscale()
      .stats();
    expect(foot.channels[0]!.max).toBeGreaterThan(235);
    // The rose is drawn in colour (the system's emoji face), not left out or drawn as a box.
    const { data } = await sharp(captioned)
      .extract({ left: 100, top: 1600, width: 880, height: 200 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let red = 0;
    for (let i = 0; i < data.length; i += 3)
      if (data[i]! > 150 && data[i + 1]! < 90 && data[i + 2]! < 90) red++;
    expect(red).toBeGreaterThan(200);
    // The upright 3:4 photo fills the 9:16 frame (cropped at its sides): drawn whole, it would leave
    // a black band 240 px high below it (and above, behind its caption).
    // Read at its middle, past the slide in and before the slide out.
    const upright = join(SCREENSHOT_DIR, 'download-portrait-frame.png');
    const secondAt = String(CARD_SECONDS + PHOTO_SECONDS * 1.5);
    await run('ffmpeg', ['-v', 'error', '-y', '-ss', secondAt, '-i', file, '-frames:v', '1', upright]);
    const below = await sharp(upright)
      .extract({ left: 0, top: 1820, width: 1080, height: 100 })
      .greyscale()
      .stats();
    expect(below.channels[0]!.mean).toBeGreaterThan(60);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  // 'Generate New Version' asks first.
  await page.getByRole('button', { name: 'Generate New Version' }).click();
  await expect(page.getByRole('dialog', { name: 'Generate a new video?' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Back to widescreen: a new video to make, and the vertical one kept below.
  await page.goto(`/project/${projectId}/design`);
  await saved(page, () => page.getByTestId('format-16:9').click());
  await page.goto(`/project/${projectId}/download`);
  await expect(page.getByText(/1920×1080, 30 frames per second/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Video' })).toBeVisible();
  const kept = page.getByTestId('download-video-9:16');
  await expect(kept).toBeVisible();
  // The same stored video, signed afresh.
  const path = (url: string) => new URL(url).pathname;
  expect(path((await kept.getAttribute('href')) ?? '')).toBe(path(href));
  await saveScreenshot(page, testInfo, 'download-other-formats');
});
