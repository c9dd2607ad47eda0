import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, PRODUCT_NAME } from '@memoreel/domain';
import sharp, { type Sharp } from 'sharp';
import { woffToSfnt } from './woff-to-sfnt.js';

const require = createRequire(import.meta.url);

/** Lora (SIL OFL 1.1, @fontsource/lora), unpacked once to a TrueType file Pango can load. */
let fontFile: string | undefined;
function loraFile(): string {
  if (!fontFile) {
    const woff = readFileSync(require.resolve('@fontsource/lora/files/lora-latin-700-normal.woff'));
    fontFile = join(tmpdir(), `memoreel-lora-700-${process.pid}.ttf`);
    writeFileSync(fontFile, woffToSfnt(woff));
  }
  return fontFile;
}

const MARGIN = 72;
const escapeMarkup = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Text as a transparent PNG in Lora Bold, wrapped to `width`, at most `height` tall (Pango autofits). */
async function textLayer(text: string, size: number, width: number, height: number, colour = '#ffffff') {
  return sharp({
    text: {
      text: `<span foreground="${colour}">${escapeMarkup(text)}</span>`,
      font: `Lora Bold ${size}`,
      fontfile: loraFile(),
      width,
      height,
      rgba: true,
      wrap: 'word',
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
}

/** The dark band at the bottom that keeps white text readable on any photo. */
const scrim = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.35" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.78"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
  </svg>`,
);

/** The warm backdrop used when there is no photo to show. */
const backdrop = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}">
    <defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#3b2a22"/><stop offset="1" stop-color="#8a5a44"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#b)"/>
    <circle cx="1040" cy="120" r="220" fill="#ffffff" fill-opacity="0.06"/>
    <circle cx="160" cy="560" r="160" fill="#ffffff" fill-opacity="0.05"/>
  </svg>`,
);

/**
 * What chat apps and crawlers are sent: a JPEG, ~0.1 MB where a PNG of a photo weighed ~1.4 MB
 * (mozjpeg would save a third more but takes ~6× as long).
 */
export const OG_IMAGE_TYPE = 'image/jpeg';

/**
 * The link preview of a share: its first photo filling 1200×630 (or the warm backdrop), the
 * title at the bottom left over a scrim, the product name above it, as a JPEG.
 */
export async function renderShareImage(title: string, photo?: Buffer): Promise<Buffer> {
  return (await composeShareImage(title, photo)).jpeg({ quality: 82 }).toBuffer();
}

/** The preview's pixels, not yet encoded (tools/bench/src/og-image.ts encodes them both ways). */
export async function composeShareImage(title: string, photo?: Buffer): Promise<Sharp> {
  const base = photo
    ? sharp(photo).rotate().resize(OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT, { fit: 'cover', position: 'attention' })
    : sharp(backdrop);
  const width = OG_IMAGE_WIDTH - 2 * MARGIN;
  const [titleText, brand] = await Promise.all([
    textLayer(title, 60, width, 180),
    textLayer(PRODUCT_NAME, 26, width, 40, '#f3e3d3'),
  ]);
  const titleTop = OG_IMAGE_HEIGHT - MARGIN + 8 - titleText.info.height;
  return base
    .composite([
      { input: scrim, left: 0, top: 0 },
      { input: brand.data, left: MARGIN, top: titleTop - brand.info.height - 16 },
      { input: titleText.data, left: MARGIN, top: titleTop },
    ])
    .flatten({ background: '#3b2a22' });
}

let defaultImage: Promise<Buffer> | undefined;
/** The site's own preview: shown for unknown or deleted shares and whenever rendering fails. */
export function defaultSiteImage(): Promise<Buffer> {
  defaultImage ??= renderShareImage('Turn your photos into a video memory');
  return defaultImage;
}
