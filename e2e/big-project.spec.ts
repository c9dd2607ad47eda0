import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Locator, type Page, type Response, test } from '@playwright/test';
import sharp from 'sharp';
import { createProject, openDashboardAsGuest } from './guest.js';
import { saveScreenshot } from './screenshots.js';
import { upgradeGuestProject } from './stripe-webhook.js';

/**
 * Issue 36: a big project end to end in the SPA. A guest on Cherish (400 photos) drops 120 small
 * photos, walks steps 1–7 with all of them, renders the shortest video the design step allows
 * (1 s a photo, square) and gets an MP4 that shows every photo once, in the order set on step 2.
 */

const run = promisify(execFile);

const PHOTOS = 120;
/** Each photo is two bands of colour, one of LEVELS hues each: photo n is (n - 1) = top × LEVELS + bottom. */
const LEVELS = 11;
const PHOTO_PX = 320;
/** One second a photo at 30 frames a second, fading through black: 120 photos are 3600 frames, 2:00. */
const FRAMES_PER_PHOTO = 30;
/** The frames the video is sampled at to read which photo it shows (scaled down to SAMPLE_PX square). */
const SAMPLE_PX = 24;

const photoName = (n: number) => `photo-${String(n).padStart(3, '0')}.jpg`;
const hueOf = (level: number) => (level * 360) / LEVELS;

/** Photo n (1-based): its top and bottom hues tell it apart from the other 119; its number is written on it. */
function photoJpeg(n: number): Promise<Buffer> {
  const code = n - 1;
  const top = hueOf(Math.floor(code / LEVELS));
  const bottom = hueOf(code % LEVELS);
  const half = PHOTO_PX / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_PX}" height="${PHOTO_PX}">
    <rect width="${PHOTO_PX}" height="${half}" fill="hsl(${top},80%,50%)"/>
    <rect y="${half}" width="${PHOTO_PX}" height="${half}" fill="hsl(${bottom},80%,50%)"/>
    <text x="${half}" y="${half + 22}" font-size="64" font-weight="bold" font-family="sans-serif"
      text-anchor="middle" fill="white" stroke="black" stroke-width="3">${n}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The mean hue (degrees) of the strongly coloured pixels of rows [from, to) of an RGB image, or null. */
function bandHue(rgb: Buffer, offset: number, width: number, from: number, to: number): number | null {
  let x = 0;
  let y = 0;
  for (let row = from; row < to; row++) {
    for (let column = 0; column < width; column++) {
      const at = offset + (row * width + column) * 3;
      const [r, g, b] = [rgb[at]! / 255, rgb[at + 1]! / 255, rgb[at + 2]! / 255];
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      // Black (fades, a bared edge), white and the number's outline say nothing about the photo.
      if (max < 0.3 || max - min < 0.35 * max) continue;
      const delta = max - min;
      const hue =
        max === r ? ((g - b) / delta + 6) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
      x += Math.cos((hue * Math.PI) / 3);
      y += Math.sin((hue * Math.PI) / 3);
    }
  }
  if (x === 0 && y === 0) return null;
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** The nearest level to a hue, or -1 when it is nowhere near one (a third of a level's spacing). */
function levelOf(hue: number | null): number {
  if (hue === null) return -1;
  const spacing = 360 / LEVELS;
  const level = Math.round(hue / spacing) % LEVELS;
  const off = Math.abs(((hue - hueOf(level) + 540) % 360) - 180);
  return off <= spacing / 3 ? level : -1;
}

/** Which photo (1-based, or 0 when unreadable) each photo's middle frame of the MP4 shows. */
async function photosShown(file: string): Promise<number[]> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-i', file],
      ...[
        '-vf',
        `select='eq(mod(n\\,${FRAMES_PER_PHOTO})\\,${FRAMES_PER_PHOTO / 2})',scale=${SAMPLE_PX}:${SAMPLE_PX}`,
      ],
      ...['-vsync', '0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const frameBytes = SAMPLE_PX * SAMPLE_PX * 3;
  const shown: number[] = [];
  for (let offset = 0; offset + frameBytes <= stdout.length; offset += frameBytes) {
    // The middle of each band: motion (a gentle zoom or pan) keeps them on their own half.
    const top = levelOf(bandHue(stdout, offset, SAMPLE_PX, 3, 8));
    const bottom = levelOf(bandHue(stdout, offset, SAMPLE_PX, 16, 21));
    shown.push(top < 0 || bottom < 0 ? 0 : top * LEVELS + bottom + 1);
  }
  return shown;
}

/** Does what changes a setting and waits until the server has it (a choice saves at once). */
async function saved(page: Page, change: () => Promise<void>) {
  const response = page.waitForResponse((r) =>
    (r.request().postData() ?? '').includes('UpdateVideoSettings'),
  );
  await change();
  expect((await response).ok()).toBe(true);
}

const tiles = (page: Page) =>
  page.getByRole('button', { name: new RegExp(`^photo-\\d{3}\\.jpg, photo \\d+ of ${PHOTOS}$`) });
const tile = (page: Page, n: number, place: number) =>
  page.getByRole('button', { name: `${photoName(n)}, photo ${place} of ${PHOTOS}`, exact: true });

/** The row of tiles holding `first` (step 2's board, or the strip): its list element. */
const rowOf = (first: Locator) => first.page().locator('ol', { has: first });

/**
 * A row of 120 mounts only the tiles near its view (issue 36): not all are there, and the first and
 * the last come as the row is scrolled to its start and its end, as a person swipes to them.
 */
async function expectWholeRow(page: Page, within: Page | Locator = page) {
  const row = within
    .locator('ol')
    .filter({ has: tiles(page) })
    .first();
  await expect(row.getByRole('button').first()).toBeAttached({ timeout: 30_000 });
  expect(await row.getByRole('button').count()).toBeLessThan(PHOTOS);
  for (const [end, place] of [
    ['start', 1],
    ['end', PHOTOS],
  ] as const) {
    await scrollTo(row, end);
    const tile = row.getByRole('button', { name: new RegExp(`, photo ${place} of ${PHOTOS}$`) });
    await expect(tile).toBeAttached();
  }
}

/** Scrolls the row's scroll container to its start or its end. */
const scrollTo = (row: Locator, end: 'start' | 'end') =>
  row.evaluate((list, end) => {
    const scroller = list.parentElement as HTMLElement;
    scroller.scrollLeft = end === 'start' ? 0 : scroller.scrollWidth;
  }, end);

/**
 * Space, an arrow (held until the photo is `places` further), Space on a tile of step 2; answers once
 * the server has the new order.
 */
async function moveByKeyboard(
  page: Page,
  n: number,
  from: number,
  key: 'ArrowLeft' | 'ArrowRight',
  places = 1,
) {
  const to = key === 'ArrowRight' ? from + places : from - places;
  const saved = page.waitForResponse((r) => (r.request().postData() ?? '').includes('ReorderPhoto'), {
    timeout: 30_000,
  });
  await tile(page, n, from).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Picked up ${photoName(n)}, position ${from} of ${PHOTOS}.`)).toBeAttached();
  // dnd-kit listens for the arrows from a timer set at the pick-up and measures the tiles in the
  // next frames; a person's next key comes later than that, Playwright's may not.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), 0),
      ),
  );
  // A press that takes the photo past the row's view scrolls the row, and may take it one place
  // further or none: as a person does, the key is held until the photo is there, back if it went past.
  const position = async () => {
    const said = page.getByText(new RegExp(`^${photoName(n)} moved to position \\d+ of ${PHOTOS}\\.$`));
    const text = (await said.count()) ? await said.first().textContent() : null;
    return text ? Number(/position (\d+)/.exec(text)![1]) : from;
  };
  const back = key === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
  for (let press = 0, at = from; at !== to && press < places * 3; press++) {
    const onward = key === 'ArrowRight' ? at < to : at > to;
    await page.keyboard.press(onward ? key : back);
    // Where it went, read once the move had its moment, as a person looks before the next press.
    await page.waitForTimeout(150);
    at = await position();
  }
  const arrived = page.getByText(`${photoName(n)} moved to position ${to} of ${PHOTOS}.`);
  await expect(arrived).toBeAttached();
  await page.keyboard.press('Space');
  expect((await saved).ok()).toBe(true);
}

/** True once the first image inside `locator` has been drawn (decoded, with pixels). */
const imageDrawn = (locator: Locator) =>
  locator
    .locator('img')
    .first()
    .evaluate(
      (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
    );

const timeLabel = (page: Page) => page.getByTestId('preview-player').getByText(/^\d+:\d{2} \/ \d+:\d{2}$/);

test('120 photos on Cherish: steps 1–7 show them all, a keyboard move on step 2 holds, and the render has every photo in order', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'One big render is enough on a shared machine.');
  // 4.5–5.5 min on the shared 2-core machine at a load of 8–12, four of them the render of 3600 frames;
  // 2.2–2.6 min at a load of 6–8 (1.5 of them the render) since the trace stopped filming the page.
  test.setTimeout(600_000);
  const startedAt = Date.now();
  const laps: Record<string, number> = {};
  let lapAt = startedAt;
  const lap = (name: string) => {
    laps[name] = Math.round((Date.now() - lapAt) / 100) / 10;
    lapAt = Date.now();
  };
  const files = await Promise.all(
    Array.from({ length: PHOTOS }, async (_, index) => ({
      name: photoName(index + 1),
      mimeType: 'image/jpeg',
      buffer: await photoJpeg(index + 1),
    })),
  );

  // A guest's project, raised to Cherish by Stripe's signed webhook.
  await openDashboardAsGuest(page);
  const projectId = await createProject(page, 'A hundred and twenty');
  await upgradeGuestProject(page, projectId, 'cherish', 5900);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('400 photos remaining')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  lap('guestOnCherish');

  // Step 1: all 120 dropped at once.
  await page.getByTestId('photo-file-input').setInputFiles(files);
  await expect(page.getByText(`Successfully uploaded ${PHOTOS} photo(s)`)).toBeVisible({ timeout: 180_000 });
  await expect(page.getByText(`${PHOTOS} photo(s) in project`)).toBeVisible();
  await expect(page.getByText('280 photos remaining')).toBeVisible();
  await expect(page.getByText(`${PHOTOS} of 400 photos · 30%`)).toBeVisible();
  const grid = page.getByRole('button', { name: /^Preview photo-\d{3}\.jpg$/ });
  await expect(grid).toHaveCount(PHOTOS);
  await expect(grid.first()).toHaveAccessibleName(`Preview ${photoName(1)}`);
  await expect(grid.last()).toHaveAccessibleName(`Preview ${photoName(PHOTOS)}`);
  // Every tile shows its thumbnail once media has made it, loaded as the grid is scrolled through.
  const thumbnails = page.getByRole('region', { name: 'Project Photos' }).locator('img');
  await expect(thumbnails).toHaveCount(PHOTOS, { timeout: 120_000 });
  await page.mouse.move(720, 600);
  await expect(async () => {
    for (let scrolled = 0; scrolled < 6_000; scrolled += 500) await page.mouse.wheel(0, 500);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(
      await thumbnails.evaluateAll(
        (images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length,
      ),
    ).toBe(PHOTOS);
  }).toPass({ timeout: 60_000 });
  await saveScreenshot(page, testInfo, 'big-project-step1');
  lap('step1Upload');

  // Step 2: 120 tiles; by keyboard, the first photo goes one place right, the third 40 places right
  // (past tiles not mounted when it was picked up: the row scrolls and mounts them), and the last one
  // place left.
  await page.getByRole('link', { name: 'Next: Sort Photos' }).click();
  await expect(tile(page, 1, 1)).toBeVisible({ timeout: 30_000 });
  await moveByKeyboard(page, 1, 1, 'ArrowRight');
  await expect(tile(page, 1, 2)).toBeVisible();
  await expect(tile(page, 2, 1)).toBeVisible();
  expect(await tile(page, 43, 43).count()).toBe(0);
  await moveByKeyboard(page, 3, 3, 'ArrowRight', 40);
  await expect(tile(page, 3, 43)).toBeVisible();
  await expect(tile(page, 43, 42)).toBeAttached();
  await expectWholeRow(page);
  await moveByKeyboard(page, PHOTOS, PHOTOS, 'ArrowLeft');
  await expect(tile(page, PHOTOS, PHOTOS - 1)).toBeVisible();
  await expect(tile(page, PHOTOS - 1, PHOTOS)).toBeAttached();
  // Kept: a reload reads the new order back.
  await page.reload();
  await expect(tile(page, 2, 1)).toBeAttached({ timeout: 30_000 });
  for (const [n, place] of [
    [1, 2],
    [4, 3],
  ] as const)
    await expect(tile(page, n, place)).toBeAttached();
  await scrollTo(rowOf(tile(page, 2, 1)), 'end');
  await expect(tile(page, PHOTOS, PHOTOS - 1)).toBeAttached();
  await expect(tile(page, PHOTOS - 1, PHOTOS)).toBeAttached();
  await page.reload();
  await expect(tile(page, 2, 1)).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(page, testInfo, 'big-project-step2');
  lap('step2Sort');

  // Step 3: photo by photo in the new order, and the strip at the foot jumps to the last one.
  await page.getByRole('link', { name: 'Next: Edit Photos' }).click();
  const carousel = page.getByRole('region', { name: 'Photos' });
  await expect(carousel.getByText(`Photo 1 of ${PHOTOS}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article', { name: photoName(2) })).toBeVisible();
  await page.getByRole('button', { name: 'Next photo' }).click();
  await expect(carousel.getByText(`Photo 2 of ${PHOTOS}`)).toBeVisible();
  await expect(page.getByRole('article', { name: photoName(1) })).toBeVisible();
  const strip = page.getByRole('region', { name: 'Photo order' });
  await expectWholeRow(page, strip);
  await strip.getByRole('button', { name: `${photoName(PHOTOS - 1)}, photo ${PHOTOS} of ${PHOTOS}` }).click();
  await expect(carousel.getByText(`Photo ${PHOTOS} of ${PHOTOS}`)).toBeVisible();
  await expect(page.getByRole('article', { name: photoName(PHOTOS - 1) })).toBeVisible();
  await expect.poll(() => imageDrawn(page.getByRole('article', { name: photoName(PHOTOS - 1) }))).toBe(true);
  lap('step3Edit');

  // Step 4: Auto motion for all photos at once; every photo it moves (those whose motion would
  // change: a photo whose subject fills it keeps still) is saved.
  await page.getByRole('link', { name: 'Next: Animate Photos' }).click();
  await expect(carousel.getByText(`Photo 1 of ${PHOTOS}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article', { name: photoName(2) })).toBeVisible();
  await expect.poll(() => imageDrawn(page.getByRole('article', { name: photoName(2) }))).toBe(true);
  const motionSaves: Promise<boolean>[] = [];
  const onResponse = (response: Response) => {
    if ((response.request().postData() ?? '').includes('SetPhotoTransforms'))
      motionSaves.push(response.json().then((body: { errors?: unknown }) => response.ok() && !body.errors));
  };
  page.on('response', onResponse);
  await page.getByRole('button', { name: 'Auto motion for all photos' }).click();
  const applied = page.getByText(/^Auto motion applied to \d+ photos\.$/);
  await expect(applied).toBeAttached();
  const moved = Number(/\d+/.exec((await applied.textContent()) ?? '')![0]);
  expect(moved).toBeGreaterThan(0);
  expect(moved).toBeLessThanOrEqual(PHOTOS);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect.poll(() => motionSaves.length, { timeout: 60_000 }).toBe(moved);
  expect(await Promise.all(motionSaves)).not.toContain(false);
  page.off('response', onResponse);
  await expect(page.getByText('Failed to update transform')).toHaveCount(0);
  lap('step4Animate');

  // Step 5: square, and the shortest time a photo: 120 × 1 s.
  await page.getByRole('link', { name: 'Next: Design Video' }).click();
  await saved(page, () => page.getByTestId('format-1:1').click());
  const slider = page.getByLabel('Duration Per Photo (seconds)');
  await expect(slider).toHaveValue('3');
  await expect(page.getByTestId('total-duration')).toHaveText('6:00');
  await slider.fill('1');
  await expect(page.getByTestId('total-duration')).toHaveText('2:00');
  await expect(page.getByText(`${PHOTOS} photos × 1 s`)).toBeVisible();
  await expect(page.getByTestId('video-length-limit')).toHaveText('2:00 of 60:00 (Cherish plan)');
  await expect(page.getByText('All changes saved').first()).toBeVisible({ timeout: 30_000 });
  await expectWholeRow(page, page.getByRole('region', { name: 'Photo order' }));
  lap('step5Design');

  // Step 6: one track fills the two minutes, trimmed to them.
  await page.getByRole('link', { name: 'Next: Select Music' }).click();
  await expect(page.getByText('Video 2:00 · Music 0:00')).toBeVisible({ timeout: 30_000 });
  const library = page.getByRole('list', { name: 'Available Music Tracks' });
  await library.getByRole('button', { name: 'Add Sunny Steps to timeline' }).click({ timeout: 120_000 });
  await expect(page.getByText('Added Sunny Steps (trimmed to 2:00)')).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Music Timeline' }).getByRole('listitem');
  await expect(timeline).toHaveCount(1);
  await expect(timeline.getByText('Trimmed from 2:24')).toBeVisible();
  await expect(page.getByText('Video 2:00 · Music 2:00')).toBeVisible();
  await expect(library.getByRole('button', { name: 'Add Morning Light to timeline' })).toBeDisabled();
  await expect(page.getByText('All changes saved')).toBeVisible();
  lap('step6Music');

  // Step 7: the composition of 120 photos plays, with the music.
  await page.getByRole('link', { name: 'Next: Preview Video' }).click();
  const player = page.getByTestId('preview-player');
  await expect(player.getByRole('button', { name: 'Play video' })).toBeVisible({ timeout: 60_000 });
  await expect(timeLabel(page)).toHaveText('0:00 / 2:00');
  await expect(page.getByText(`${PHOTOS} photos · 2:00`)).toBeVisible();
  await expect(page.getByText('Music: Sunny Steps')).toBeVisible();
  await player.getByRole('button', { name: 'Play video' }).click();
  await expect(timeLabel(page)).toHaveText(/^0:0[2-9] \/ 2:00$/, { timeout: 15_000 });
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('audio')].some(
          (audio) =>
            !audio.paused && !audio.muted && audio.currentTime > 0.5 && !audio.src.startsWith('data:'),
        ),
      ),
    )
    .toBe(true);
  await player.hover();
  await player.getByRole('button', { name: 'Pause video' }).click();
  lap('step7Preview');

  // Step 9 (from the project's step list): generate, follow it to the download.
  await page
    .getByRole('navigation', { name: 'Project steps' })
    .getByRole('link', { name: /^Download Video/ })
    .click();
  await expect(page.getByText(/1080×1080, 30 frames per second/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByText('Started generating your video')).toBeVisible();
  const download = page.getByTestId('download-video');
  await expect(download).toBeVisible({ timeout: 420_000 });
  await expect(page.getByText('Your video is ready for download!')).toBeVisible();
  lap('step9Render');

  const response = await page.request.get((await download.getAttribute('href')) ?? '');
  expect(response.status()).toBe(200);
  const dir = await mkdtemp(join(tmpdir(), 'e2e-big-project-'));
  try {
    const file = join(dir, 'video.mp4');
    await writeFile(file, await response.body());
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-count_packets', '-of', 'json'],
      ...[
        '-show_entries',
        'stream=codec_type,width,height,r_frame_rate,nb_read_packets,duration:format=duration',
      ],
      file,
    ]);
    const probe = JSON.parse(stdout) as {
      streams: {
        codec_type: string;
        width?: number;
        height?: number;
        r_frame_rate: string;
        nb_read_packets: string;
        duration: string;
      }[];
      format: { duration: string };
    };
    const video = probe.streams.find((stream) => stream.codec_type === 'video');
    const audio = probe.streams.find((stream) => stream.codec_type === 'audio');
    expect(video).toMatchObject({ width: 1080, height: 1080, r_frame_rate: '30/1' });
    expect(Number(video?.nb_read_packets)).toBe(PHOTOS * FRAMES_PER_PHOTO);
    expect(Number(probe.format.duration)).toBeCloseTo(PHOTOS, 0);
    // The music under the whole video.
    expect(Number(audio?.duration)).toBeCloseTo(PHOTOS, 0);

    // Every photo once, in step 2's order: 2, 1, 4, …, 43, 3, 44, …, 118, 120, 119.
    const order = Array.from({ length: PHOTOS }, (_, index) => index + 1);
    [order[0], order[1]] = [order[1]!, order[0]!];
    order.splice(42, 0, ...order.splice(2, 1));
    [order[PHOTOS - 2], order[PHOTOS - 1]] = [order[PHOTOS - 1]!, order[PHOTOS - 2]!];
    expect(await photosShown(file)).toEqual(order);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  lap('checkMp4');
  testInfo.annotations.push({
    type: 'timings (s)',
    description: JSON.stringify({ ...laps, total: Math.round((Date.now() - startedAt) / 1000) }),
  });
  console.log(`big project timings (s): ${JSON.stringify(laps)}`);
});
