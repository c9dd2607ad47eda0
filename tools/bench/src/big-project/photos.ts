/**
 * Camera-like 12 MP JPEGs (4000×3000, every fifth one portrait): a sky-to-ground gradient in a hue of
 * its own, a few dozen soft shapes, and sensor grain so they weigh what a phone's photo does. Made
 * once into the temp folder and reused by later runs. The scene is drawn at an eighth of the size and
 * enlarged (soft shapes lose nothing): drawn at full size, a photo took 13–15 s, 400 of them 1.5 hours;
 * now about a second.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

export const PHOTO_WIDTH = 4000;
export const PHOTO_HEIGHT = 3000;
/** What `SPA_ONLY=1` uploads: the SPA's figures depend on the thumbnails, not on the originals' size. */
export const SMALL_PHOTO = { width: 1600, height: 1200 };

export const photoName = (index: number) => `IMG_${String(index).padStart(4, '0')}.jpg`;

/** What the scene is drawn at, against the photo's size. */
const SCENE_SCALE = 8;

interface Grain {
  pixels: Buffer;
  raw: { width: number; height: number; channels: 3 };
}

async function grain(width: number, height: number): Promise<Grain> {
  const raw = { width, height, channels: 3 as const };
  const pixels = await sharp({
    create: { ...raw, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 28 } },
  })
    .raw()
    .toBuffer();
  return { pixels, raw };
}

async function writePhoto(
  path: string,
  index: number,
  noise: Grain,
  size: { width: number; height: number; portrait: boolean },
): Promise<void> {
  const [fullWidth, fullHeight] = size.portrait ? [size.height, size.width] : [size.width, size.height];
  const [width, height] = [Math.round(fullWidth / SCENE_SCALE), Math.round(fullHeight / SCENE_SCALE)];
  let seed = 11 + index * 7919;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const hue = (index * 47) % 360;
  const shapes = Array.from(
    { length: 40 },
    () =>
      `<circle cx="${random() * width}" cy="${random() * height}" r="${(40 + random() * 500) / SCENE_SCALE}" fill="hsl(${(hue + random() * 120) % 360},55%,${25 + random() * 50}%)" opacity="0.45"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0.3" y2="1">
      <stop offset="0" stop-color="hsl(${hue},45%,75%)"/><stop offset="0.55" stop-color="hsl(${(hue + 40) % 360},50%,60%)"/><stop offset="1" stop-color="hsl(${(hue + 160) % 360},35%,25%)"/>
    </linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>${shapes}</svg>`;
  // Rasterised small first: resized straight from the SVG, sharp would draw it at full size again.
  const scene = await sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
  await sharp(scene)
    .resize(fullWidth, fullHeight, { kernel: 'cubic' })
    .composite([{ input: noise.pixels, raw: noise.raw, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toFile(path);
}

/** The paths of photos 0…count-1, made where missing. */
export async function cameraPhotos(
  count: number,
  { width, height } = { width: PHOTO_WIDTH, height: PHOTO_HEIGHT },
): Promise<string[]> {
  const folder = join(tmpdir(), `memoreel-bench-big-project-${width}x${height}`);
  await mkdir(folder, { recursive: true });
  const paths = Array.from({ length: count }, (_, index) => join(folder, photoName(index)));
  const missing = paths.map((path, index) => ({ path, index })).filter(({ path }) => !existsSync(path));
  if (missing.length > 0) {
    const landscape = await grain(width, height);
    const portrait = await grain(height, width);
    for (const { path, index } of missing) {
      const upright = index % 5 === 4;
      // Written under a temp name first: a run stopped half-way leaves no broken photo behind.
      await writePhoto(`${path}.part`, index, upright ? portrait : landscape, {
        width,
        height,
        portrait: upright,
      });
      await rename(`${path}.part`, path);
    }
  }
  return paths;
}
