import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { build } from 'vite';
import { ffmpeg } from '../src/stitch/ffmpeg.js';

/** Builds the render page as the worker's build does, into `outDir`. */
export async function buildRenderPage(outDir: string): Promise<string> {
  await build({
    configFile: fileURLToPath(new URL('../vite.page.config.ts', import.meta.url)),
    build: { outDir },
    logLevel: 'error',
  });
  return outDir;
}

/** A 1920×1080 JPEG with a gradient, stripes and a disc, so motion and fades are visible and encodable. */
export async function writeTestPhoto(dir: string, name: string, hue: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},80%,30%)"/><stop offset="1" stop-color="hsl(${hue + 60},80%,70%)"/>
    </linearGradient></defs>
    <rect width="1920" height="1080" fill="url(#g)"/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 160}" y="0" width="40" height="1080" fill="hsl(${hue + 180},60%,50%)" opacity="0.5"/>`).join('')}
    <circle cx="960" cy="540" r="300" fill="white" stroke="black" stroke-width="20"/>
  </svg>`;
  const path = join(dir, `${name}.jpg`);
  await writeFile(path, await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer());
  return path;
}

/** A tone of `seconds` seconds as AAC in M4A, like a short music upload. */
export async function writeTestMusic(dir: string, seconds: number): Promise<string> {
  const path = join(dir, 'music.m4a');
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`],
    ...['-c:a', 'aac', '-b:a', '128k', path],
  ]);
  return path;
}
