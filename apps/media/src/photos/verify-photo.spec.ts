import { MAX_PHOTO_PIXELS } from '@memoreel/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HEAD_BYTES, TAIL_BYTES, type UploadReader, verifyPhoto } from './verify-photo.js';

/** Noise, so the encoded data is long (a photo of a few megabytes) and a cut lands inside the pixels. */
function noise(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    pixels[i] = seed >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** An upload in memory that counts the bytes verification reads of it, as the service's ranged reads would. */
function counted(bytes: Buffer) {
  const reads = { bytes: Math.min(HEAD_BYTES, bytes.length) };
  const reader: UploadReader = {
    size: bytes.length,
    head: bytes.subarray(0, HEAD_BYTES),
    from: async (start) => {
      reads.bytes += bytes.length - start;
      return bytes.subarray(start);
    },
  };
  return { reader, reads };
}

/** `bytes` with `segments` (each a marker and its payload) right after the start-of-image marker. */
function withSegments(jpeg: Buffer, segments: { marker: number; payload: Buffer }[]): Buffer {
  const encoded = segments.map(({ marker, payload }) => {
    const header = Buffer.from([0xff, marker, 0, 0]);
    header.writeUInt16BE(payload.length + 2, 2);
    return Buffer.concat([header, payload]);
  });
  return Buffer.concat([jpeg.subarray(0, 2), ...encoded, jpeg.subarray(2)]);
}

let large: Buffer | undefined;
/** A 1600 × 1200 noise JPEG (~2.5 MB): well beyond the head and tail reads together. */
async function largeJpeg(): Promise<Buffer> {
  large ??= await noise(1600, 1200).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer();
  return large;
}

describe('verifying a large JPEG', () => {
  it('reads only its head and its tail, and takes its size and upright dimensions from the header', async () => {
    const jpeg = await largeJpeg();
    expect(jpeg.length).toBeGreaterThan(4 * (HEAD_BYTES + TAIL_BYTES));
    const { reader, reads } = counted(jpeg);

    const verdict = await verifyPhoto(reader);

    expect(verdict).toMatchObject({
      ok: true,
      contentType: 'image/jpeg',
      extension: 'jpg',
      converted: false,
      size: jpeg.length,
      // Orientation 6: stored landscape, shown portrait.
      width: 1200,
      height: 1600,
    });
    expect(reads.bytes).toBeLessThanOrEqual(HEAD_BYTES + TAIL_BYTES);
  });

  it('refuses it cut anywhere after its head as damaged', async () => {
    const jpeg = await largeJpeg();
    for (const share of [0.2, 0.5, 0.9, 0.9999]) {
      const cut = jpeg.subarray(0, Math.floor(jpeg.length * share));
      expect(await verifyPhoto(counted(cut).reader)).toEqual({ ok: false, refusal: 'damaged' });
    }
  });

  it('refuses a cut one whose EXIF thumbnail (an end marker of its own) is in the head', async () => {
    const thumbnail = await noise(160, 120).jpeg().toBuffer();
    const jpeg = withSegments(await largeJpeg(), [{ marker: 0xe1, payload: thumbnail }]);
    const cut = jpeg.subarray(0, Math.floor(jpeg.length * 0.7));

    expect(await verifyPhoto(counted(jpeg).reader)).toMatchObject({ ok: true });
    expect(await verifyPhoto(counted(cut).reader)).toEqual({ ok: false, refusal: 'damaged' });
  });

  it("accepts data after the image (a phone's motion-photo video), reading it whole", async () => {
    const jpeg = await largeJpeg();
    const video = Buffer.alloc(3 * TAIL_BYTES, 0x42);
    const { reader, reads } = counted(Buffer.concat([jpeg, video]));

    expect(await verifyPhoto(reader)).toMatchObject({ ok: true, size: jpeg.length + video.length });
    expect(reads.bytes).toBeGreaterThan(jpeg.length);
  });

  it('accepts segments longer than the head before the scan, reading it whole', async () => {
    const icc = Array.from({ length: 5 }, () => ({ marker: 0xe2, payload: Buffer.alloc(65_000, 7) }));
    const jpeg = withSegments(await largeJpeg(), icc);
    const { reader, reads } = counted(jpeg);

    expect(await verifyPhoto(reader)).toMatchObject({ ok: true, width: 1200, height: 1600 });
    expect(reads.bytes).toBeGreaterThan(HEAD_BYTES + TAIL_BYTES);
  });

  it('refuses a header claiming more pixels than allowed from the head alone', async () => {
    const jpeg = Buffer.from(await largeJpeg());
    // The SOF0 segment's height and width (after its length and precision) made 30000 × 30000.
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(30_000, sof + 5);
    jpeg.writeUInt16BE(30_000, sof + 7);
    expect(30_000 * 30_000).toBeGreaterThan(MAX_PHOTO_PIXELS);
    const { reader, reads } = counted(jpeg);

    expect(await verifyPhoto(reader)).toEqual({ ok: false, refusal: 'tooManyPixels' });
    expect(reads.bytes).toBe(HEAD_BYTES);
  });

  it('refuses what a reader says is larger than it holds (the object changed) as damaged', async () => {
    const png = await noise(200, 200).png().toBuffer();
    const reader: UploadReader = { size: png.length + 10, head: png, from: async () => png };
    expect(await verifyPhoto(reader)).toEqual({ ok: false, refusal: 'damaged' });
  });
});
