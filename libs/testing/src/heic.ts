import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

/**
 * A HEIC of flat grey images, made with libheif's `heif-enc` (Debian libheif-examples, installed by
 * tools/scripts/setup.sh); the first image is the primary.
 */
export async function encodeHeic(images: readonly { width: number; height: number }[]): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'memoreel-heic-'));
  try {
    const inputs: string[] = [];
    for (const [index, { width, height }] of images.entries()) {
      const input = join(dir, `${index}.png`);
      await sharp({ create: { width, height, channels: 3, background: '#808080' } })
        .png({ compressionLevel: 1 })
        .toFile(input);
      inputs.push(input);
    }
    const output = join(dir, 'out.heic');
    // Low quality and x265's fastest preset: a flat 100 MP image still encodes in seconds.
    await run('heif-enc', ['-q', '10', '-p', 'preset=ultrafast', '-o', output, ...inputs], {
      maxBuffer: 1024 * 1024,
    });
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A copy whose 'pitm' box names the `index`th image heif-enc wrote (its shown items, in order): so a
 * file can declare a small primary and store a huge image first, where a decoder may pick it.
 */
export function withPrimaryImage(original: Buffer, index: number): Buffer {
  const heic = Buffer.from(original);
  const shown: number[] = [];
  // 'infe' version 2: version and flags (bit 0: hidden, such as a grid's tiles), then a 16-bit item id.
  for (let at = heic.indexOf('infe'); at >= 0; at = heic.indexOf('infe', at + 4)) {
    if (heic[at + 4] === 2 && (heic.readUInt8(at + 7) & 1) === 0) shown.push(heic.readUInt16BE(at + 8));
  }
  const itemId = shown[index];
  const pitm = heic.indexOf('pitm');
  if (itemId === undefined || pitm < 0) throw new Error('cannot choose the primary image');
  // Full box: version and flags, then the 16-bit item id (version 0).
  heic.writeUInt16BE(itemId, pitm + 8);
  return heic;
}
