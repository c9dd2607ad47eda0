import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import {
  type Actor,
  completePhotoUploads,
  deletePhotos,
  deleteProject,
  getPhotoQuota,
  getPhotoUrls,
  listPhotos,
  type PhotoUrls,
  photoFilterChanged,
  projectDeleted,
  requestPhotoUploads,
  SYSTEM,
  setPhotoFilter,
} from '@memoreel/contracts';
import { photoMessages } from '@memoreel/domain';
import { buildEvent } from '@memoreel/platform';
import { actors } from '@memoreel/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type MediaHarness, startMedia } from './media-harness.js';

let media: MediaHarness;
beforeAll(async () => {
  media = await startMedia();
});
afterAll(() => media?.close());

const HEIC_FIXTURE = fileURLToPath(new URL('../../../e2e/fixtures/phone.heic', import.meta.url));

/** A photo-like JPEG (noise compresses badly, like a real photo). */
async function jpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  const image = sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 });
  return orientation ? image.withMetadata({ orientation }).toBuffer() : image.toBuffer();
}

/** A JPEG of a phone photo's size (~2.5 MB of random noise): judged from its head and tail reads. */
async function phoneSizedJpeg(): Promise<Buffer> {
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
function pngBomb(): Buffer {
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
async function rotatedHeic(): Promise<Buffer> {
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

async function put(url: string, headers: { name: string; value: string }[], body: Buffer) {
  const response = await fetch(url, {
    method: 'PUT',
    headers: Object.fromEntries(headers.map((h) => [h.name, h.value])),
    body,
  });
  expect(response.status).toBe(200);
}

/** request → PUT → complete, as the browser does. */
async function upload(
  owner: Actor,
  projectId: string,
  files: { name: string; type: string; bytes: Buffer }[],
) {
  const plan = await media.request(requestPhotoUploads, owner, {
    projectId,
    files: files.map((f) => ({ name: f.name, size: f.bytes.length, contentType: f.type })),
  });
  for (const slot of plan.slots) await put(slot.url, slot.headers, files[slot.fileIndex]!.bytes);
  const { results } = await media.request(completePhotoUploads, owner, {
    projectId,
    uploadIds: plan.slots.map((s) => s.uploadId),
  });
  return { plan, results };
}

const urlsOf = async (owner: Actor, id: string) =>
  (await media.request(getPhotoUrls, owner, { ids: [id] })).photos[0]?.urls ?? null;

/** The photo's URLs once its thumbnails and the video derivative of `filter` are made. */
const videoReady = (owner: Actor, id: string, filter = 'none', timeoutMs = 15_000) =>
  eventually(async () => {
    const urls = await urlsOf(owner, id);
    expect(urls?.videoFilter).toBe(filter);
    return urls as PhotoUrls & { video: string };
  }, timeoutMs);

async function fetchImage(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return sharp(Buffer.from(await response.arrayBuffer())).metadata();
}

describe('an accepted photo', () => {
  it('is stored, becomes a photo row last in order, and gets WebP thumbnails behind signed URLs', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const { plan, results } = await upload(owner, project.id, [
      { name: 'Beach.jpg', type: 'image/jpeg', bytes: await jpeg(1200, 800) },
    ]);
    expect(plan).toMatchObject({ skipped: 0, quota: { count: 1, limit: 50, remaining: 49 } });
    const slot = plan.slots[0]!;
    expect(slot.url).toContain(`/photos/${project.id}/uploads/${slot.uploadId}.jpg`);
    expect(results).toEqual([{ uploadId: slot.uploadId, photoId: slot.uploadId, error: null }]);

    const photo = await eventually(async () => {
      const [row] = (await media.request(listPhotos, owner, { projectId: project.id })).photos;
      expect(row).toBeDefined();
      return row!;
    });
    expect(photo).toMatchObject({
      id: slot.uploadId,
      originalName: 'Beach.jpg',
      storagePath: `${project.id}/${slot.uploadId}.jpg`,
      width: 1200,
      height: 800,
      displayOrder: 0,
    });
    const urls = await eventually(async () => {
      const made = await urlsOf(owner, photo.id);
      expect(made).not.toBeNull();
      return made!;
    });
    expect(await fetchImage(urls.grid)).toMatchObject({ format: 'webp', width: 480, height: 320 });
    expect(await fetchImage(urls.strip)).toMatchObject({ format: 'webp', width: 240, height: 160 });
    expect(await fetchImage(urls.carousel)).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    expect(await fetchImage(urls.full)).toMatchObject({ format: 'jpeg', width: 1200 });
    expect(new URL(urls.grid).searchParams.get('X-Amz-Expires')).toBe('3600');
    const { video } = await videoReady(owner, photo.id);
    expect(await fetchImage(video)).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    expect(new URL(video).searchParams.get('X-Amz-Expires')).toBe('3600');

    // The key names the image's content: another read signs the same key again.
    const again = (await urlsOf(owner, photo.id))!;
    expect(new URL(again.grid).pathname).toBe(new URL(urls.grid).pathname);
    // Completing again changes nothing.
    const repeat = await media.request(completePhotoUploads, owner, {
      projectId: project.id,
      uploadIds: [slot.uploadId],
    });
    expect(repeat.results[0]).toMatchObject({ photoId: slot.uploadId, error: null });
  });

  it("of a phone's size is judged from its ends and stored with its size, dimensions and a content hash", async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const bytes = await phoneSizedJpeg();
    const { results } = await upload(owner, project.id, [
      { name: 'a.jpg', type: 'image/jpeg', bytes },
      { name: 'b.jpg', type: 'image/jpeg', bytes },
    ]);
    const [a, b] = await Promise.all(
      results.map((result) => media.db.blob.findUniqueOrThrow({ where: { id: result.photoId! } })),
    );
    expect(a).toMatchObject({ size: bytes.length, width: 1600, height: 1200 });
    expect(a!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    // Each photo's hash names its own object: thumbnails and derivatives of one never stand for the other.
    expect(b!.contentHash).not.toBe(a!.contentHash);
    const { full } = await videoReady(owner, a!.id);
    expect(Buffer.from(await (await fetch(full)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('has its EXIF orientation applied: stored size and thumbnails are upright', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    // Pixels 600 wide, 300 high, tagged "rotate 90° clockwise to display" (6): shown 300 × 600.
    const { results } = await upload(owner, project.id, [
      { name: 'Portrait.jpg', type: 'image/jpeg', bytes: await jpeg(600, 300, 6) },
    ]);
    const id = results[0]!.photoId!;
    const photo = await eventually(async () => {
      const [row] = (await media.request(listPhotos, owner, { projectId: project.id })).photos;
      expect(row).toBeDefined();
      return row!;
    });
    expect([photo.width, photo.height]).toEqual([300, 600]);
    const urls = await eventually(async () => {
      const made = await urlsOf(owner, id);
      expect(made).not.toBeNull();
      return made!;
    });
    const grid = await fetchImage(urls.grid);
    expect([grid.width, grid.height, grid.orientation]).toEqual([240, 480, undefined]);
  });

  it('is kept under the key and type of what it is, whatever its name and declared type said', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const png = await sharp(await jpeg(64, 48))
      .png()
      .toBuffer();
    const { plan, results } = await upload(owner, project.id, [
      { name: 'Holiday.jpeg', type: 'image/jpeg', bytes: png },
      { name: 'Sunset.jpeg', type: 'image/jpeg', bytes: await jpeg(64, 48) },
    ]);
    const [pngId, jpegId] = plan.slots.map((slot) => slot.uploadId);
    expect(plan.slots[0]!.url).toContain(`/uploads/${pngId}.jpeg`);
    expect(results.map((result) => result.error)).toEqual([null, null]);
    // Copied to the photo's key and judged there: a PNG named .jpeg is written again as .png.
    expect((await media.keys(`${project.id}/`)).sort()).toEqual(
      [`${project.id}/${pngId}.png`, `${project.id}/${jpegId}.jpg`].sort(),
    );
    expect(await media.storage.stat(media.bucket, `${project.id}/${pngId}.png`)).toMatchObject({
      contentType: 'image/png',
      size: png.length,
    });
    expect(await media.storage.stat(media.bucket, `${project.id}/${jpegId}.jpg`)).toMatchObject({
      contentType: 'image/jpeg',
    });
  });

  it('HEIC from a phone is converted to JPEG', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const { plan, results } = await upload(owner, project.id, [
      { name: 'IMG_0001.HEIC', type: 'image/heic', bytes: await readFile(HEIC_FIXTURE) },
    ]);
    const id = plan.slots[0]!.uploadId;
    expect(plan.slots[0]!.url).toContain(`${id}.heic`);
    expect(results[0]).toEqual({ uploadId: id, photoId: id, error: null });
    expect(await media.keys(`${project.id}/${id}`)).toEqual([`${project.id}/${id}.jpg`]);
    const stat = await media.storage.stat(media.bucket, `${project.id}/${id}.jpg`);
    expect(stat?.contentType).toBe('image/jpeg');
    const photo = await eventually(async () => {
      const [row] = (await media.request(listPhotos, owner, { projectId: project.id })).photos;
      expect(row).toBeDefined();
      return row!;
    });
    expect(photo).toMatchObject({ storagePath: `${project.id}/${id}.jpg`, width: 320, height: 240 });
  });

  it('HEIC keeps its orientation: a portrait (irot) photo is stored and thumbnailed upright', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const { results } = await upload(owner, project.id, [
      { name: 'IMG_0002.HEIC', type: 'image/heic', bytes: await rotatedHeic() },
    ]);
    const id = results[0]!.photoId!;
    const photo = await eventually(async () => {
      const [row] = (await media.request(listPhotos, owner, { projectId: project.id })).photos;
      expect(row).toBeDefined();
      return row!;
    });
    expect([photo.width, photo.height]).toEqual([240, 320]);
    const urls = await eventually(async () => {
      const made = await urlsOf(owner, id);
      expect(made).not.toBeNull();
      return made!;
    });
    const grid = await fetchImage(urls.grid);
    expect([grid.width, grid.height]).toEqual([240, 320]);
    const full = await fetchImage(urls.full);
    expect([full.format, full.width, full.height]).toEqual(['jpeg', 240, 320]);
  });
});

describe('a completed upload', () => {
  it('cannot be changed through its PUT URL, still valid: the photo is what was verified', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const original = await jpeg(300, 200);
    const { plan, results } = await upload(owner, project.id, [
      { name: 'a.jpg', type: 'image/jpeg', bytes: original },
    ]);
    const slot = plan.slots[0]!;
    const id = results[0]!.photoId!;
    expect(await media.keys(`${project.id}/uploads/`)).toEqual([]);

    // The same URL again, with a bomb this time: it lands on the staging key, not on the photo.
    await put(slot.url, slot.headers, pngBomb());
    const repeat = await media.request(completePhotoUploads, owner, {
      projectId: project.id,
      uploadIds: [slot.uploadId],
    });
    expect(repeat.results).toEqual([{ uploadId: slot.uploadId, photoId: id, error: null }]);
    const { full } = await videoReady(owner, id);
    expect(Buffer.from(await (await fetch(full)).arrayBuffer()).equals(original)).toBe(true);
    const row = await media.db.blob.findUniqueOrThrow({ where: { id } });
    expect(row.storagePath).toBe(`${project.id}/${id}.jpg`);

    // The late object goes with its photo.
    expect(await media.keys(`${project.id}/uploads/`)).toEqual([`${project.id}/uploads/${id}.jpg`]);
    await media.request(deletePhotos, owner, { projectId: project.id, ids: [id] });
    await eventually(async () => expect(await media.keys(`${project.id}/`)).toEqual([]));
  });

  it('of several files keeps their order in the project, though they are verified side by side', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const names = ['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg'];
    // Larger first: were they recorded as each verification ends, the order would come out reversed.
    const sizes = [1600, 1200, 800, 400, 100];
    const { results } = await upload(
      owner,
      project.id,
      await Promise.all(
        names.map(async (name, index) => ({
          name,
          type: 'image/jpeg',
          bytes: await jpeg(sizes[index]!, sizes[index]!),
        })),
      ),
    );
    expect(results.every((result) => result.error === null)).toBe(true);
    const photos = await eventually(async () => {
      const listed = (await media.request(listPhotos, owner, { projectId: project.id })).photos;
      expect(listed).toHaveLength(5);
      return listed;
    });
    expect(photos.map((photo) => [photo.originalName, photo.displayOrder])).toEqual(
      names.map((name, index) => [name, index]),
    );
  });
});

describe('a refused upload', () => {
  it.each([
    [
      'wrong magic bytes',
      'notes.jpg',
      async () => Buffer.from('just some text, not a picture at all'),
      photoMessages.notAnImage,
    ],
    [
      '11 MB',
      'huge.jpg',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(11 * 1024 * 1024)]),
      photoMessages.tooLarge,
    ],
    ['a 30000² PNG bomb', 'bomb.png', async () => pngBomb(), photoMessages.tooManyPixels],
    [
      'a truncated JPEG',
      'cut.jpg',
      async () => {
        const whole = await jpeg(800, 600);
        return whole.subarray(0, Math.floor(whole.length * 0.6));
      },
      photoMessages.damaged,
    ],
    [
      'a truncated phone-sized JPEG',
      'cut-large.jpg',
      async () => {
        const whole = await phoneSizedJpeg();
        return whole.subarray(0, Math.floor(whole.length * 0.8));
      },
      photoMessages.damaged,
    ],
  ])(
    '%s is deleted and answered with its reason, its quota given back',
    async (_case, name, bytes, message) => {
      const owner = actors.user();
      const project = await media.project(owner);
      const started = performance.now();
      const { plan, results } = await upload(owner, project.id, [
        { name, type: 'image/jpeg', bytes: await bytes() },
      ]);
      const elapsed = performance.now() - started;
      expect(results).toEqual([{ uploadId: plan.slots[0]!.uploadId, photoId: null, error: message(name) }]);
      expect(await media.keys(`${project.id}/`)).toEqual([]);
      expect(elapsed).toBeLessThan(10_000);
      await eventually(async () => {
        expect(await media.request(getPhotoQuota, owner, { projectId: project.id })).toMatchObject({
          count: 0,
        });
      });
      expect((await media.request(listPhotos, owner, { projectId: project.id })).photos).toEqual([]);
    },
  );

  it('a complete without a PUT fails for that file only', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const plan = await media.request(requestPhotoUploads, owner, {
      projectId: project.id,
      files: [
        { name: 'a.jpg', size: 1000, contentType: 'image/jpeg' },
        { name: 'b.jpg', size: 1000, contentType: 'image/jpeg' },
      ],
    });
    const [first, second] = plan.slots;
    await put(first!.url, first!.headers, await jpeg(64, 64));
    const { results } = await media.request(completePhotoUploads, owner, {
      projectId: project.id,
      uploadIds: [first!.uploadId, second!.uploadId],
    });
    expect(results.map((r) => r.error)).toEqual([null, photoMessages.uploadFailedFor('b.jpg')]);
  });
});

describe('quota', () => {
  it('is never exceeded by concurrent upload requests, and partly accepts what fits', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const files = Array.from({ length: 7 }, (_, i) => ({
      name: `${i}.jpg`,
      size: 5000,
      contentType: 'image/jpeg',
    }));
    const plans = await Promise.all(
      Array.from({ length: 9 }, () =>
        media.request(requestPhotoUploads, owner, { projectId: project.id, files }),
      ),
    );
    expect(plans.reduce((n, plan) => n + plan.slots.length, 0)).toBe(50);
    expect(plans.reduce((n, plan) => n + plan.skipped, 0)).toBe(9 * 7 - 50);
    for (const plan of plans)
      expect(plan.slots.map((s) => s.fileIndex)).toEqual([...Array(plan.slots.length).keys()]);
    const full = await media.request(requestPhotoUploads, owner, { projectId: project.id, files });
    expect(full).toMatchObject({ slots: [], skipped: 7, quota: { count: 50, limit: 50, remaining: 0 } });
  });
});

describe('ownership', () => {
  it('another user and another guest session find neither the project nor its uploads nor its URLs', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const { plan, results } = await upload(owner, project.id, [
      { name: 'Mine.jpg', type: 'image/jpeg', bytes: await jpeg(64, 64) },
    ]);
    const other = await media.request(requestPhotoUploads, owner, {
      projectId: project.id,
      files: [{ name: 'pending.jpg', size: 100, contentType: 'image/jpeg' }],
    });
    await put(other.slots[0]!.url, other.slots[0]!.headers, await jpeg(64, 64));
    for (const intruder of [actors.user(), actors.anonymousUser()]) {
      const refused = await media.failure(requestPhotoUploads, intruder, {
        projectId: project.id,
        files: [{ name: 'x.jpg', size: 100, contentType: 'image/jpeg' }],
      });
      expect([refused.code, refused.message]).toEqual(['NOT_FOUND', 'Project not found']);
      const completed = await media.request(completePhotoUploads, intruder, {
        projectId: project.id,
        uploadIds: [other.slots[0]!.uploadId],
      });
      expect(completed.results[0]).toMatchObject({ photoId: null, error: photoMessages.photoNotFound });
      expect((await media.request(getPhotoUrls, intruder, { ids: [results[0]!.photoId!] })).photos).toEqual(
        [],
      );
    }
    const guest = await media.failure(requestPhotoUploads, actors.guest(), {
      projectId: project.id,
      files: [{ name: 'x.jpg', size: 100, contentType: 'image/jpeg' }],
    });
    expect(guest.code).toBe('UNAUTHORIZED');
    // The owner's pending upload was left alone and still completes.
    const mine = await media.request(completePhotoUploads, owner, {
      projectId: project.id,
      uploadIds: [other.slots[0]!.uploadId],
    });
    expect(mine.results[0]!.error).toBeNull();
    expect(plan.skipped).toBe(0);
  });
});

describe('deleting', () => {
  it('a photo removes its object, thumbnails and video derivative', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const { results } = await upload(owner, project.id, [
      { name: 'a.jpg', type: 'image/jpeg', bytes: await jpeg(300, 200) },
      { name: 'b.jpg', type: 'image/jpeg', bytes: await jpeg(300, 200) },
    ]);
    const [a, b] = results.map((r) => r.photoId!);
    await videoReady(owner, a!);
    await videoReady(owner, b!);
    // Each: the original, three thumbnails, the video derivative.
    expect(await media.keys(`${project.id}/`)).toHaveLength(10);
    await media.request(deletePhotos, owner, { projectId: project.id, ids: [a!] });
    await eventually(async () => {
      const keys = await media.keys(`${project.id}/`);
      expect(keys).toHaveLength(5);
      expect(keys.every((key) => key.includes(b!))).toBe(true);
    });
  });

  it('a project removes every object of the project and no other', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const kept = await media.project(owner);
    await upload(owner, project.id, [{ name: 'a.jpg', type: 'image/jpeg', bytes: await jpeg(300, 200) }]);
    const { results } = await upload(owner, kept.id, [
      { name: 'k.jpg', type: 'image/jpeg', bytes: await jpeg(300, 200) },
    ]);
    await videoReady(owner, results[0]!.photoId!);
    await eventually(async () => expect((await media.keys(`${project.id}/`)).length).toBe(5));
    await media.request(deleteProject, owner, { id: project.id });
    await eventually(async () => {
      expect(await media.keys(`${project.id}/`)).toEqual([]);
      expect(await media.db.blob.count({ where: { projectId: project.id } })).toBe(0);
    });
    expect(await media.keys(`${kept.id}/`)).toHaveLength(5);
  });
});

describe('the video derivative', () => {
  async function storedPhoto(owner: Actor) {
    const project = await media.project(owner);
    const { results } = await upload(owner, project.id, [
      { name: 'v.jpg', type: 'image/jpeg', bytes: await jpeg(2400, 1600) },
    ]);
    const id = results[0]!.photoId!;
    await eventually(async () => {
      expect((await media.request(listPhotos, owner, { projectId: project.id })).photos).toHaveLength(1);
    });
    return { projectId: project.id, id, prefix: `${project.id}/video/${id}/` };
  }
  const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).replace(/^\/photos\//, '');

  it('of a new filter gets a new key, and the old derivative is deleted (no orphans)', async () => {
    const owner = actors.user();
    const photo = await storedPhoto(owner);
    const original = await videoReady(owner, photo.id);
    expect(await fetchImage(original.video)).toMatchObject({ format: 'jpeg', width: 1920, height: 1280 });
    expect(await media.keys(photo.prefix)).toEqual([keyOf(original.video)]);

    await media.request(setPhotoFilter, owner, { id: photo.id, filter: 'sepia' });
    const sepia = await videoReady(owner, photo.id, 'sepia');
    expect(keyOf(sepia.video)).not.toBe(keyOf(original.video));
    expect(await media.keys(photo.prefix)).toEqual([keyOf(sepia.video)]);
    // Sepia has no blue-dominant pixels: its pixels are what the matrix makes (video-derivatives.spec.ts).
    const { data } = await sharp(Buffer.from(await (await fetch(sepia.video)).arrayBuffer()))
      .resize(8, 8)
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (let i = 0; i < data.length; i += 3) expect(data[i]!).toBeGreaterThanOrEqual(data[i + 2]!);

    // Back to the first filter: made again under its first key, the sepia one removed.
    await media.request(setPhotoFilter, owner, { id: photo.id, filter: 'none' });
    const back = await videoReady(owner, photo.id, 'none');
    expect(keyOf(back.video)).toBe(keyOf(original.video));
    expect(await media.keys(photo.prefix)).toEqual([keyOf(original.video)]);
  });

  it('keeps the newest filter when an older change arrives late', async () => {
    const owner = actors.user();
    const photo = await storedPhoto(owner);
    await media.request(setPhotoFilter, owner, { id: photo.id, filter: 'warm' });
    const warm = await videoReady(owner, photo.id, 'warm');
    const late = buildEvent(photoFilterChanged, owner, {
      id: photo.id,
      projectId: photo.projectId,
      userId: owner.userId!,
      filter: 'cool',
    });
    late.occurredAt = new Date(Date.now() - 60_000).toISOString();
    await media.bus.publishEvent(photoFilterChanged.subject, late, { msgId: late.id });
    // Nothing to wait for but time: the late event must change nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await media.db.blob.findUnique({ where: { id: photo.id } }))?.filter).toBe('warm');
    expect((await urlsOf(owner, photo.id))?.videoFilter).toBe('warm');
    expect(await media.keys(photo.prefix)).toEqual([keyOf(warm.video)]);
  });

  it('is still made when a filter was recorded but its job was lost (the event comes again)', async () => {
    const owner = actors.user();
    const photo = await storedPhoto(owner);
    await videoReady(owner, photo.id);
    const changed = buildEvent(photoFilterChanged, owner, {
      id: photo.id,
      projectId: photo.projectId,
      userId: owner.userId!,
      filter: 'bright',
    });
    // As if media crashed between recording the filter and enqueueing the job.
    await media.db.blob.update({
      where: { id: photo.id },
      data: { filter: 'bright', filterSetAt: new Date(changed.occurredAt) },
    });
    await media.bus.publishEvent(photoFilterChanged.subject, changed, { msgId: changed.id });
    const bright = await videoReady(owner, photo.id, 'bright');
    expect(await media.keys(photo.prefix)).toEqual([keyOf(bright.video)]);
  });

  it('goes with its photo', async () => {
    const owner = actors.user();
    const photo = await storedPhoto(owner);
    await media.request(setPhotoFilter, owner, { id: photo.id, filter: 'dramatic' });
    await videoReady(owner, photo.id, 'dramatic');
    await media.request(deletePhotos, owner, { projectId: photo.projectId, ids: [photo.id] });
    await eventually(async () => expect(await media.keys(`${photo.projectId}/`)).toEqual([]));
  });
});

describe('projects.project.deleted', () => {
  it('is handled once however often it arrives', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    await upload(owner, project.id, [{ name: 'a.jpg', type: 'image/jpeg', bytes: await jpeg(100, 100) }]);
    const deleted = buildEvent(projectDeleted, SYSTEM, { id: project.id, userId: owner.userId! });
    await media.bus.publishEvent(projectDeleted.subject, deleted, { msgId: deleted.id });
    await media.bus.publishEvent(projectDeleted.subject, deleted, { msgId: randomUUID() });
    await eventually(async () => {
      expect(await media.keys(`${project.id}/`)).toEqual([]);
      expect(await media.db.processedEvent.count({ where: { eventId: deleted.id } })).toBe(1);
    });
  });
});

describe('abandoned uploads', () => {
  it('an object PUT but never completed is removed once its reservation ends, and its quota released', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const plan = await media.request(requestPhotoUploads, owner, {
      projectId: project.id,
      files: [{ name: 'left.jpg', size: 1000, contentType: 'image/jpeg' }],
    });
    const slot = plan.slots[0]!;
    await put(slot.url, slot.headers, await jpeg(64, 64));
    expect(await media.keys(`${project.id}/`)).toHaveLength(1);
    await media.db.blob.update({
      where: { id: slot.uploadId },
      data: { uploadExpiresAt: new Date(Date.now() - 1000) },
    });
    await eventually(async () => {
      expect(await media.keys(`${project.id}/`)).toEqual([]);
      expect(await media.request(getPhotoQuota, owner, { projectId: project.id })).toMatchObject({
        count: 0,
      });
    });
    const { results } = await media.request(completePhotoUploads, owner, {
      projectId: project.id,
      uploadIds: [slot.uploadId],
    });
    expect(results[0]).toMatchObject({ photoId: null, error: photoMessages.uploadFailedFor('left.jpg') });
  });

  it('a PUT after complete, accepted or refused, is removed once its reservation ends (S3 cannot refuse it)', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const good = await jpeg(64, 64);
    const { plan, results } = await upload(owner, project.id, [
      { name: 'kept.jpg', type: 'image/jpeg', bytes: good },
      { name: 'bad.jpg', type: 'image/jpeg', bytes: Buffer.from('not an image') },
    ]);
    const photoId = results[0]!.photoId!;
    expect(results[1]).toMatchObject({ photoId: null });
    for (const slot of plan.slots) await put(slot.url, slot.headers, good);
    expect(await media.keys(`${project.id}/uploads/`)).toHaveLength(2);

    await media.db.blob.updateMany({
      where: { projectId: project.id },
      data: { uploadExpiresAt: new Date(Date.now() - 1000) },
    });
    await eventually(async () => expect(await media.keys(`${project.id}/uploads/`)).toEqual([]));
    expect(await media.keys(`${project.id}/`)).toContain(`${project.id}/${photoId}.jpg`);
    expect(await media.db.blob.findUniqueOrThrow({ where: { id: photoId } })).toMatchObject({
      status: 'stored',
      stagingSweptAt: expect.any(Date),
    });
  });

  it('a PUT after its photo was deleted, while its URL still works, is removed once its reservation ends', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const good = await jpeg(64, 64);
    const { plan, results } = await upload(owner, project.id, [
      { name: 'gone.jpg', type: 'image/jpeg', bytes: good },
    ]);
    const photoId = results[0]!.photoId!;
    await videoReady(owner, photoId);
    await media.request(deletePhotos, owner, { projectId: project.id, ids: [photoId] });
    await eventually(async () =>
      expect(await media.db.blob.findUnique({ where: { id: photoId } })).toMatchObject({
        status: 'project-deleted',
      }),
    );
    await put(plan.slots[0]!.url, plan.slots[0]!.headers, good);
    expect(await media.keys(`${project.id}/`)).toEqual([`${project.id}/uploads/${photoId}.jpg`]);

    await media.db.blob.update({
      where: { id: photoId },
      data: { uploadExpiresAt: new Date(Date.now() - 1000) },
    });
    await eventually(async () => {
      expect(await media.keys(`${project.id}/`)).toEqual([]);
      expect(await media.db.blob.findUnique({ where: { id: photoId } })).toBeNull();
    });
  });

  it('a PUT that lands after its project was deleted is removed when its URL has expired', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const plan = await media.request(requestPhotoUploads, owner, {
      projectId: project.id,
      files: [{ name: 'late.jpg', size: 1000, contentType: 'image/jpeg' }],
    });
    const slot = plan.slots[0]!;
    await media.request(deleteProject, owner, { id: project.id });
    await eventually(async () => {
      expect(await media.db.blob.findUnique({ where: { id: slot.uploadId } })).toMatchObject({
        status: 'project-deleted',
      });
    });
    await put(slot.url, slot.headers, await jpeg(64, 64));
    const { results } = await media.request(completePhotoUploads, owner, {
      projectId: project.id,
      uploadIds: [slot.uploadId],
    });
    expect(results[0]).toMatchObject({ photoId: null, error: photoMessages.photoNotFound });
    await media.db.blob.update({
      where: { id: slot.uploadId },
      data: { uploadExpiresAt: new Date(Date.now() - 1000) },
    });
    await eventually(async () => {
      expect(await media.keys(`${project.id}/`)).toEqual([]);
      expect(await media.db.blob.count({ where: { id: slot.uploadId } })).toBe(0);
    });
  });
});

describe('over NATS', () => {
  it('the stored event and the thumbnail job travel through JetStream', async () => {
    const nats = await startMedia({ bus: 'nats' });
    try {
      const owner = actors.user();
      const project = await nats.project(owner);
      const bytes = await jpeg(800, 600);
      const plan = await nats.request(requestPhotoUploads, owner, {
        projectId: project.id,
        files: [{ name: 'n.jpg', size: bytes.length, contentType: 'image/jpeg' }],
      });
      const slot = plan.slots[0]!;
      await put(slot.url, slot.headers, bytes);
      const { results } = await nats.request(completePhotoUploads, owner, {
        projectId: project.id,
        uploadIds: [slot.uploadId],
      });
      expect(results[0]!.error).toBeNull();
      const urls = await eventually(async () => {
        const [photo] = (await nats.request(listPhotos, owner, { projectId: project.id })).photos;
        expect(photo?.id).toBe(slot.uploadId);
        const made = (await nats.request(getPhotoUrls, owner, { ids: [slot.uploadId] })).photos[0]?.urls;
        expect(made).toBeTruthy();
        return made!;
      }, 15_000);
      expect(await fetchImage(urls.grid)).toMatchObject({ format: 'webp', width: 480, height: 360 });
    } finally {
      await nats.close();
    }
  });
});
