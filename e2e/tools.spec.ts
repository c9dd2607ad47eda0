import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { saveScreenshot } from './screenshots.js';

/** Files as the page receives them from a file picker or a drop. */
interface Picked {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A photo-like image: a gradient with noise, so JPEG and PNG sizes behave like a real photo's. */
async function photo(
  name: string,
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif',
): Promise<Picked> {
  const noise = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = Math.floor(Math.random() * 40);
      noise[i] = Math.round((x / width) * 200) + grain;
      noise[i + 1] = Math.round((y / height) * 180) + grain;
      noise[i + 2] = 120 + grain;
    }
  }
  const buffer = await sharp(noise, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/** Left half one colour, right half another: shows flips and rotations by where each colour ends up. */
async function twoColours(
  name: string,
  left: [number, number, number],
  right: [number, number, number],
): Promise<Picked> {
  const width = 80;
  const height = 40;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const colour = i % width < width / 2 ? left : right;
    pixels.set(colour, i * 3);
  }
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

const fileInput = (page: Page) => page.getByTestId('tools-file-input');
const toolButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const processed = (page: Page) => page.getByTestId('processed-item');

async function openTools(page: Page) {
  await page.goto('/tools');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Transform Your Images with Free Tools' }),
    // The page's chunk can take a while on a busy 2-core machine.
  ).toBeVisible({ timeout: 20_000 });
}

async function runTool(page: Page, name: string, expectedResults: number) {
  await toolButton(page, name).click();
  await expect(page.getByTestId('processed-count')).toHaveText(`(${expectedResults} image(s))`, {
    timeout: 30_000,
  });
}

/** The colour at (x%, y%) of a result, read back from the processed JPEG in the page. */
async function colourAt(page: Page, index: number, x: number, y: number): Promise<number[]> {
  const src = await processed(page)
    .nth(index)
    .getByRole('img', { name: /, after$/ })
    .getAttribute('src');
  return page.evaluate(
    async ({ src, x, y }) => {
      // The page's CSP lets images, not fetch, read blob: URLs.
      const image = new Image();
      image.src = src!;
      await image.decode();
      const bitmap = await createImageBitmap(image);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const pixel = context.getImageData(
        Math.floor((bitmap.width * x) / 100),
        Math.floor((bitmap.height * y) / 100),
        1,
        1,
      ).data;
      return [pixel[0]!, pixel[1]!, pixel[2]!];
    },
    { src, x, y },
  );
}

function expectColour(actual: number[], expected: number[]) {
  // JPEG at quality 0.9 moves flat colours by a few levels.
  for (const [channel, value] of actual.entries()) {
    expect(Math.abs(value - expected[channel]!)).toBeLessThanOrEqual(8);
  }
}

test('the page shows its texts, and the tools wait for images', async ({ page }, testInfo) => {
  await openTools(page);
  await expect(page.getByText('100% Free Browser-Based Tools')).toBeVisible();
  await expect(
    page.getByText('Process your images right in your browser. No upload needed, no account required.'),
  ).toBeVisible();
  await expect(page.getByText('Drag & drop images here')).toBeVisible();
  await expect(page.getByText('or click to select files')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Available Tools' })).toBeVisible();
  for (const name of [
    'Grayscale',
    'Sepia',
    'Invert',
    'Brighten',
    'Darken',
    'Compress',
    '2x Upscale',
    '4x Upscale',
    '90° CW',
    '90° CCW',
    '180°',
    'Horizontal',
    'Vertical',
  ]) {
    await expect(toolButton(page, name)).toBeDisabled();
  }
  await saveScreenshot(page, testInfo, 'tools-empty');
});

test('five images through every category, compared, and downloaded as one zip', async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name === 'mobile',
    'one heavy run is enough; the mobile layout has its own test',
  );
  test.setTimeout(120_000);
  await openTools(page);
  const files = await Promise.all([
    photo('beach.jpg', 400, 300, 'jpeg'),
    photo('portrait.jpeg', 240, 320, 'jpeg'),
    photo('garden.png', 300, 300, 'png'),
    photo('pets.webp', 320, 200, 'webp'),
    photo('party.gif', 160, 120, 'gif'),
  ]);
  await fileInput(page).setInputFiles(files);
  await expect(page.getByText('5 image(s) selected')).toBeVisible();
  await expect(page.getByRole('button', { name: /^garden\.png, 300 × 300 · \d+\.\d KB$/ })).toBeVisible();
  await page.getByRole('button', { name: /^garden\.png, / }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(/^garden\.png300 × 300 · \d+\.\d KB$/);

  const before = ['400 × 300', '240 × 320', '300 × 300', '320 × 200', '160 × 120'];
  const runs: [string, (size: string) => string][] = [
    ['Grayscale', (size) => size], // Basic
    ['Compress', (size) => size], // Adjustments
    ['2x Upscale', (size) => size.replace(/\d+/g, (side) => String(Number(side) * 2))], // Resize
    ['90° CCW', (size) => size.split(' × ').reverse().join(' × ')], // Rotation
    ['Vertical', (size) => size], // Flipping
  ];
  for (const [index, [tool, expected]] of runs.entries()) {
    await runTool(page, tool, (index + 1) * 5);
    const results = processed(page).filter({ hasText: tool });
    await expect(results).toHaveCount(5);
    const seen: (string | null)[][] = [];
    for (let i = 0; i < 5; i++) {
      const item = results.nth(i);
      seen.push([
        await item.getByTestId('before-dimensions').textContent(),
        await item.getByTestId('after-dimensions').textContent(),
      ]);
      await expect(item.getByText(/^\d+\.\d{2}s$/)).toBeVisible();
    }
    expect(seen.sort()).toEqual(before.map((size) => [size, expected(size)]).sort());
  }
  // JPEG at quality 0.5 from a noisy PNG is smaller, and says so.
  await expect(
    processed(page)
      .filter({ hasText: 'Compress' })
      .filter({ hasText: 'garden.png' })
      .getByText(/^Size reduced by \d+(\.\d)?%$/),
  ).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download All' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('memoreel-images.zip');
  const entries = unzipSync(new Uint8Array(readFileSync(await download.path())));
  expect(Object.keys(entries)).toHaveLength(25);
  expect(Object.keys(entries)).toContain('garden-upscale-2x.jpg');
  for (const bytes of Object.values(entries)) expect([...bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

  const [single] = await Promise.all([
    page.waitForEvent('download'),
    processed(page)
      .first()
      .getByRole('link', { name: /^Download / })
      .click(),
  ]);
  expect(single.suggestedFilename()).toMatch(/-grayscale\.jpg$/);
  await page
    .getByRole('region', { name: /Processed Images/ })
    .evaluate((section) => section.scrollIntoView());
  await saveScreenshot(page, testInfo, 'tools-results', { fullPage: false });

  await page.getByRole('button', { name: 'Clear All' }).last().click();
  await expect(processed(page)).toHaveCount(0);
});

test('colour and flip results have the right pixels', async ({ page }) => {
  await openTools(page);
  await fileInput(page).setInputFiles([await twoColours('halves.png', [200, 100, 50], [20, 40, 220])]);
  await expect(page.getByText('1 image(s) selected')).toBeVisible();
  await runTool(page, 'Invert', 1);
  expectColour(await colourAt(page, 0, 25, 50), [55, 155, 205]);
  await runTool(page, 'Sepia', 2);
  // CSS sepia(1) of (200, 100, 50): (165, 147, 114)
  expectColour(await colourAt(page, 1, 25, 50), [165, 147, 114]);
  await runTool(page, 'Horizontal', 3);
  expectColour(await colourAt(page, 2, 25, 50), [20, 40, 220]);
  expectColour(await colourAt(page, 2, 75, 50), [200, 100, 50]);
  await runTool(page, '90° CW', 4);
  // The left half (orange) turns to the top.
  expectColour(await colourAt(page, 3, 50, 25), [200, 100, 50]);
  await runTool(page, 'Brighten', 5);
  expectColour(await colourAt(page, 4, 75, 50), [24, 48, 255]);
});

/** Each colour tool's maths (spec §9, CSS Filter Effects matrices), rounded to a level and clipped. */
const COLOUR_MATHS: Record<string, (r: number, g: number, b: number) => number[]> = {
  grayscale: (r, g, b) => Array(3).fill(0.2126 * r + 0.7152 * g + 0.0722 * b),
  sepia: (r, g, b) => [
    0.393 * r + 0.769 * g + 0.189 * b,
    0.349 * r + 0.686 * g + 0.168 * b,
    0.272 * r + 0.534 * g + 0.131 * b,
  ],
  invert: (r, g, b) => [255 - r, 255 - g, 255 - b],
  brighten: (r, g, b) => [r * 1.2, g * 1.2, b * 1.2],
  darken: (r, g, b) => [r * 0.8, g * 0.8, b * 0.8],
};

test('the colour tools paint within one level of their maths, on opaque and transparent images', async ({
  page,
}) => {
  await openTools(page);
  const worker = readdirSync(join(import.meta.dirname, '..', 'apps', 'web', 'dist', 'assets')).find((name) =>
    /^image-tools\.worker-.*\.js$/.test(name),
  );
  const painted = await page.evaluate(
    async ({ workerUrl, tools }) => {
      // The page's own tool worker, asked for its painted pixels instead of a JPEG.
      const worker = new Worker(workerUrl, { type: 'module' });
      let id = 0;
      const paint = (source: Blob, tool: string) =>
        new Promise<number[]>((resolve, reject) => {
          worker.onmessage = ({ data }) =>
            data.ok
              ? resolve(Array.from(data.pixels.data as Uint8ClampedArray))
              : reject(new Error(data.message));
          worker.onerror = () => reject(new Error('the tool worker did not start'));
          worker.postMessage({ kind: 'tool', id: ++id, tool, source, readBack: true });
        });
      // 64 × 64 colours: the unit tests' chosen ones, then random ones; the last rows partly transparent.
      const size = 64;
      const image = new ImageData(size, size);
      const chosen = [
        [200, 100, 50],
        [255, 128, 10],
        [100, 150, 200],
        [255, 255, 255],
        [0, 0, 0],
        [100, 220, 0],
        [255, 0, 0],
        [10, 10, 10],
      ];
      let seed = 11;
      const random = () => {
        seed = (seed * 16807) % 2147483647;
        return Math.floor((seed / 2147483647) * 256);
      };
      for (let i = 0; i < size * size; i++) {
        const [r, g, b] = chosen[i] ?? [random(), random(), random()];
        const alpha = i >= size * (size - 8) ? [0, 40, 128, 200][i % 4]! : 255;
        image.data.set([r!, g!, b!, alpha], i * 4);
      }
      const canvas = new OffscreenCanvas(size, size);
      canvas.getContext('2d')!.putImageData(image, 0, 0);
      const sources = {
        png: await canvas.convertToBlob({ type: 'image/png' }),
        jpeg: await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 }),
      };
      const result: Record<string, Record<string, number[]>> = {};
      for (const [format, source] of Object.entries(sources)) {
        // Compress leaves the decoded pixels as they are (flattened onto white): the maths' input.
        result[format] = { decoded: await paint(source, 'compress') };
        for (const tool of tools) result[format]![tool] = await paint(source, tool);
      }
      worker.terminate();
      return result;
    },
    { workerUrl: `/assets/${worker}`, tools: Object.keys(COLOUR_MATHS) },
  );
  for (const [format, outputs] of Object.entries(painted)) {
    const decoded = outputs.decoded!;
    for (const [tool, maths] of Object.entries(COLOUR_MATHS)) {
      const actual = outputs[tool]!;
      let worst = 0;
      let transparent = 0;
      for (let i = 0; i < decoded.length; i += 4) {
        const expected = maths(decoded[i]!, decoded[i + 1]!, decoded[i + 2]!).map((value) =>
          Math.min(255, Math.round(value)),
        );
        for (let channel = 0; channel < 3; channel++) {
          worst = Math.max(worst, Math.abs(actual[i + channel]! - expected[channel]!));
        }
        if (actual[i + 3] !== 255) transparent++;
      }
      expect(transparent, `${format} ${tool}: pixels left transparent`).toBe(0);
      // Chromium's filters and blend modes round a little differently from the exact maths (unit-tested
      // in pixel-maths.spec.ts): one level at most, less than the JPEG encoding then changes.
      expect(worst, `${format} ${tool}: largest difference in levels`).toBeLessThanOrEqual(1);
    }
  }
});

test('the comparison slider follows the mouse and the keyboard, and enlarges', async ({ page }, testInfo) => {
  await openTools(page);
  await fileInput(page).setInputFiles([await photo('lake.jpg', 400, 300, 'jpeg')]);
  await runTool(page, 'Grayscale', 1);
  const divider = processed(page).first().getByRole('slider');
  await expect(divider).toHaveAttribute('aria-valuenow', '50');

  const frame = processed(page).first().getByTestId('comparison-frame');
  await frame.scrollIntoViewIfNeeded();
  const box = (await frame.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(divider).toHaveAttribute('aria-valuenow', '25');

  await divider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(divider).toHaveAttribute('aria-valuenow', '27');
  await page.keyboard.press('End');
  await expect(divider).toHaveAttribute('aria-valuenow', '100');
  await page.keyboard.press('Home');
  await expect(divider).toHaveAttribute('aria-valuenow', '0');
  // 4:3 frame
  expect(box.width / box.height).toBeCloseTo(4 / 3, 1);
  await expect(frame.getByText('Before', { exact: true })).toBeVisible();
  await expect(frame.getByText('After', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Enlarge comparison: lake.jpg' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Grayscale · lake.jpg' })).toBeVisible();
  await expect(dialog.getByRole('slider')).toHaveAttribute('aria-valuenow', '50');
  await saveScreenshot(page, testInfo, 'tools-compare', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('search and category chips filter the tools', async ({ page }) => {
  await openTools(page);
  const tools = page.getByRole('list', { name: 'Available Tools' }).getByRole('button');
  await expect(tools).toHaveCount(13);
  await page.getByRole('searchbox', { name: 'Search tools...' }).fill('UPSCALE');
  await expect(tools).toHaveText([/2x Upscale/, /4x Upscale/]);
  await page.getByRole('searchbox', { name: 'Search tools...' }).fill('');
  const rotation = page.getByRole('button', { name: 'Rotation', exact: true });
  await rotation.click();
  await expect(rotation).toHaveAttribute('aria-pressed', 'true');
  await expect(tools).toHaveText([/90° CW/, /90° CCW/, /180°/]);
  await page.getByRole('searchbox', { name: 'Search tools...' }).fill('ccw');
  await expect(tools).toHaveText([/90° CCW/]);
  await page.getByRole('searchbox', { name: 'Search tools...' }).fill('gray');
  await expect(page.getByText('No tools match your search.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search tools...' }).fill('');
  await rotation.click();
  await expect(rotation).toHaveAttribute('aria-pressed', 'false');
  await expect(tools).toHaveCount(13);
});

test('other file types are refused with the drop message; a dropped image is added', async ({ page }) => {
  await openTools(page);
  await fileInput(page).setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
  ]);
  await expect(page.getByTestId('refused-files')).toHaveText(
    'notes.txt: File type must be .jpeg, .jpg, .png, .gif, .webp, .heic, .heif',
  );
  const image = await photo('dropped.png', 120, 90, 'png');
  const transfer = await page.evaluateHandle(
    ({ bytes, name }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
      return data;
    },
    { bytes: [...image.buffer], name: image.name },
  );
  await page.getByTestId('tools-dropzone').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByText('1 image(s) selected')).toBeVisible();
  await page.getByRole('button', { name: 'Remove dropped.png' }).click();
  await expect(page.getByText(/image\(s\) selected/)).toHaveCount(0);
  await expect(toolButton(page, 'Grayscale')).toBeDisabled();
});

test('a 12000 × 12000 image fails with a clear message and the page carries on', async ({ page }) => {
  await openTools(page);
  // One grey channel of zeros compresses to a few hundred KB.
  const huge = await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#000' } })
    .toColourspace('b-w')
    .png({ compressionLevel: 9 })
    .toBuffer();
  const small = await photo('small.jpg', 200, 150, 'jpeg');
  await fileInput(page).setInputFiles([{ name: 'huge.png', mimeType: 'image/png', buffer: huge }, small]);
  await expect(page.getByText('2 image(s) selected')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^huge\.png, 12000 × 12000 · / })).toContainText(
    'Too large to preview',
  );
  await runTool(page, 'Grayscale', 1);
  await expect(page.getByRole('alert').filter({ hasText: "These images weren't processed" })).toContainText(
    'huge.png (Grayscale): This image is too large to process in the browser (12000 × 12000, 144 megapixels; the limit is 100 megapixels).',
  );
  await page.getByRole('searchbox', { name: 'Search tools...' }).fill('sepia');
  await expect(page.getByRole('list', { name: 'Available Tools' }).getByRole('button')).toHaveCount(1);
});

test('the tools keep working offline once the page has loaded', async ({ page, context }) => {
  await openTools(page);
  await page.waitForLoadState('networkidle');
  // "Loaded" includes the tool workers' own scripts, which networkidle does not count: wait until
  // both workers have run their module (it sets onmessage last), as a person's page has long done.
  await expect
    .poll(async () => {
      const ready = await Promise.all(
        page
          .workers()
          .filter((worker) => worker.url().includes('image-tools'))
          .map((worker) => worker.evaluate(() => typeof self.onmessage === 'function').catch(() => false)),
      );
      return ready.filter(Boolean).length;
    })
    .toBeGreaterThanOrEqual(2);
  await context.setOffline(true);
  await fileInput(page).setInputFiles([await photo('offline.jpg', 200, 150, 'jpeg')]);
  await runTool(page, '180°', 1);
  await expect(processed(page).first().getByTestId('after-dimensions')).toHaveText('200 × 150');
  await context.setOffline(false);
});

test('on a phone the page stacks and a run scrolls to the tools', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the phone layout');
  await openTools(page);
  await fileInput(page).setInputFiles([
    await photo('a.jpg', 300, 200, 'jpeg'),
    await photo('b.png', 200, 300, 'png'),
  ]);
  await expect(page.getByText('2 image(s) selected')).toBeVisible();
  await saveScreenshot(page, testInfo, 'tools-selected');
  await toolButton(page, 'Sepia').click();
  await expect(page.getByRole('heading', { name: 'Available Tools' })).toBeInViewport();
  await expect(page.getByTestId('processed-count')).toHaveText('(2 image(s))', { timeout: 30_000 });
  await page
    .getByRole('region', { name: /Processed Images/ })
    .evaluate((section) => section.scrollIntoView());
  await saveScreenshot(page, testInfo, 'tools-results', { fullPage: false });
});

test('a HEIF photo from a phone is decoded in the browser and processed', async ({ page }) => {
  await openTools(page);
  // 320 × 240, HEVC, written by libheif's heif-enc (sharp's libheif only encodes AV1).
  const heif = readFileSync(join(import.meta.dirname, 'fixtures', 'phone.heic'));
  await fileInput(page).setInputFiles([{ name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: heif }]);
  await expect(page.getByText('1 image(s) selected')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^IMG_0042\.HEIC, 320 × 240 · / })).toBeVisible();
  await runTool(page, '90° CW', 1);
  await expect(processed(page).first().getByTestId('after-dimensions')).toHaveText('240 × 320');
});

test('the page answers while a 20-image run is under way', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'one long run is enough');
  // Twenty 17-megapixel JPEGs to encode: about 10 s here alone, minutes on a machine shared with builds.
  test.setTimeout(300_000);
  await openTools(page);
  const twenty = await Promise.all(
    Array.from({ length: 20 }, (_, i) => photo(`photo-${i + 1}.jpg`, 2400, 1800, 'jpeg')),
  );
  await fileInput(page).setInputFiles(twenty);
  await expect(page.getByText('20 image(s) selected')).toBeVisible({ timeout: 30_000 });
  await toolButton(page, '2x Upscale').click();
  await expect(page.getByRole('status')).toContainText(/Applying 2x Upscale to image \d+ of 20/);
  await expect(page.getByRole('progressbar', { name: 'Processing progress' })).toBeVisible();
  await expect(toolButton(page, 'Sepia')).toBeDisabled();
  // Typing filters the tools while the images are still being processed.
  await page.getByRole('searchbox', { name: 'Search tools...' }).pressSequentially('flip', { delay: 30 });
  await expect(page.getByText('No tools match your search.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search tools...' }).fill('vert');
  await expect(page.getByRole('list', { name: 'Available Tools' }).getByRole('button')).toHaveText([
    /Invert/,
    /Vertical/,
  ]);
  await expect(page.getByTestId('processed-count')).toHaveText(/^\(\d+ of 20 images\)$/);
  await expect(page.getByTestId('processed-count')).toHaveText('(20 image(s))', { timeout: 240_000 });
  await expect(toolButton(page, 'Vertical')).toBeEnabled();
});
