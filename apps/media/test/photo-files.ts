import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** The images media's specs upload: photos, damaged files and a bomb. */

export const HEIC_FIXTURE = fileURLToPath(new URL('../../../e2e/fixtures/phone.heic', import.meta.url));

/** A photo-like JPEG (noise compresses badly, like a real photo). */
export async function jpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  const image = sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 });
  return orientation ? image.withMetadata({ orientation }).toBuffer() : image.toBuffer();
}

/** A JPEG of a phone photo's size (~2.5 MB of random noise): judged from its head and tail reads. */
export async function phoneSizedJpeg(): Promise<Buffer> {
  const pixels = Buffer.alloc(1600 * 1200 * 3);
  let seed = 99;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    pixels[i] = seed >>> 24;
  }
  return sharp(pixels, { raw: { width: 1600, height: 1200, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A PNG that claims 30000 × 30000 pixels in a few hundred bytes: only its header may ever be read. */
export function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = deflateSync(Buffer.alloc(30_001 * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The fixture with an `irot` property (90° anticlockwise) added to its primary image, as phones
 * record a portrait photo: boxes grow by the 10 bytes added and the image data's offset moves.
 */
export async function rotatedHeic(): Promise<Buffer> {
  const src = await readFile(HEIC_FIXTURE);
  const grow = (buf: Buffer, at: number, by: number) => buf.writeUInt32BE(buf.readUInt32BE(at) + by, at);
  const irot = Buffer.from([0, 0, 0, 9, ...Buffer.from('irot'), 1]);
  // ipco ends at 328 where ipma (22 bytes) starts; one more association (0x84: essential, property 4).
  const out = Buffer.concat([
    src.subarray(0, 328),
    irot,
    src.subarray(328, 350),
    Buffer.from([0x84]),
    src.subarray(350),
  ]);
  grow(out, 28, 10); // meta
  grow(out, 156, 10); // iprp
  grow(out, 164, 9); // ipco
  grow(out, 337, 1); // ipma
  out[337 + 8 + 4 + 4 + 2] = (out[337 + 8 + 4 + 4 + 2] as number) + 1; // its association count
  grow(out, 95 + 18, 10); // iloc: the extent offset into mdat
  return out;
}
