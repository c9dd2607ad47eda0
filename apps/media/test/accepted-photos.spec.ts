import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  completePhotoUploads,
  deletePhotos,
  getPhotoUrls,
  listPhotos,
  requestPhotoUploads,
} from '@memoreel/contracts';
import { actors } from '@memoreel/testing';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fetchImage, put, upload, urlsOf, videoReady } from './browser-uploads.js';
import { eventually, startMedia, useMedia } from './media-harness.js';
import { HEIC_FIXTURE, jpeg, phoneSizedJpeg, pngBomb, rotatedHeic } from './photo-files.js';

/**
 * Photos media accepts: stored under the key of what they are, thumbnailed, given their video
 * derivative, in the order they were chosen; with projects beside it (photo rows, quota).
 */

const media = useMedia({ collaborators: ['projects'] });
const require = createRequire(import.meta.url);

describe('an accepted photo', () => {
  it('is stored, becomes a photo row last in order, and gets WebP thumbnails behind signed URLs', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const { plan, results } = await upload(media, owner, project.id, [
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
      const made = await urlsOf(media, owner, photo.id);
      expect(made).not.toBeNull();
      return made!;
    });
    expect(await fetchImage(urls.grid)).toMatchObject({ format: 'webp', width: 480, height: 320 });
    expect(await fetchImage(urls.strip)).toMatchObject({ format: 'webp', width: 240, height: 160 });
    expect(await fetchImage(urls.carousel)).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    expect(await fetchImage(urls.full)).toMatchObject({ format: 'jpeg', width: 1200 });
    expect(new URL(urls.grid).searchParams.get('X-Amz-Expires')).toBe('3600');
    const { video } = await videoReady(media, owner, photo.id);
    expect(await fetchImage(video)).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    expect(new URL(video).searchParams.get('X-Amz-Expires')).toBe('3600');

    // The key names the image's content: another read signs the same key again.
    const again = (await urlsOf(media, owner, photo.id))!;
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
    const { results } = await upload(media, owner, project.id, [
      { name: 'a.jpg', type: 'image/jpeg', bytes },
      { name: 'b.jpg', type: 'image/jpeg', bytes },
    ]);
    const [a, b] = await Promise.all(
      results.map((result) => media.db.photo.findUniqueOrThrow({ where: { id: result.photoId! } })),
    );
    expect(a).toMatchObject({ size: bytes.length, width: 1600, height: 1200 });
    expect(a!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    // Each photo's hash names its own object: thumbnails and derivatives of one never stand for the other.
    expect(b!.contentHash).not.toBe(a!.contentHash);
    const { full } = await videoReady(media, owner, a!.id);
    expect(Buffer.from(await (await fetch(full)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('has its EXIF orientation applied: stored size and thumbnails are upright', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    // Pixels 600 wide, 300 high, tagged "rotate 90° clockwise to display" (6): shown 300 × 600.
    const { results } = await upload(media, owner, project.id, [
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
      const made = await urlsOf(media, owner, id);
      expect(made).not.toBeNull();
      return made!;
    });
    const grid = await fetchImage(urls.grid);
    expect([grid.width, grid.height, grid.orientation]).toEqual([240, 480, undefined]);
  });

  it('has its faces found, in its upright pixels, and answered with its URLs; a photo without faces its subject', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    // face-api's sample of three people, stored a quarter turn to the left and tagged to show upright (6).
    const sample = await readFile(
      join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo/sample3.jpg'),
    );
    const turned = await sharp(sample).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const { results } = await upload(media, owner, project.id, [
      { name: 'Family.jpg', type: 'image/jpeg', bytes: turned },
      { name: 'Sky.jpg', type: 'image/jpeg', bytes: await jpeg(1200, 800) },
    ]);
    const [family, sky] = results.map((result) => result.photoId as string) as [string, string];
    const subjects = await eventually(async () => {
      const { photos } = await media.request(getPhotoUrls, owner, { ids: [family, sky] });
      const found = photos.map((photo) => photo.subjects);
      expect(found.every(Boolean)).toBe(true);
      return Object.fromEntries(photos.map((photo) => [photo.id, photo.subjects!]));
    });
    const { width, height } = (await sharp(sample).metadata()) as { width: number; height: number };
    expect(subjects[family]!.kind).toBe('faces');
    expect(subjects[family]!.boxes.length).toBeGreaterThanOrEqual(2);
    for (const box of subjects[family]!.boxes) {
      // Upright: inside the photo as it is shown (wider than high), not as its pixels are stored.
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
    }
    expect(subjects[sky]).toMatchObject({ kind: 'subject', boxes: [expect.any(Object)] });
  });

  it('is kept under the key and type of what it is, whatever its name and declared type said', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const png = await sharp(await jpeg(64, 48))
      .png()
      .toBuffer();
    const { plan, results } = await upload(media, owner, project.id, [
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
    const { plan, results } = await upload(media, owner, project.id, [
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
    const { results } = await upload(media, owner, project.id, [
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
      const made = await urlsOf(media, owner, id);
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
    const { plan, results } = await upload(media, owner, project.id, [
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
    const { full } = await videoReady(media, owner, id);
    expect(Buffer.from(await (await fetch(full)).arrayBuffer()).equals(original)).toBe(true);
    const row = await media.db.photo.findUniqueOrThrow({ where: { id } });
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
      media,
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

describe('over NATS', () => {
  it('the stored event and the thumbnail job travel through JetStream', async () => {
    const nats = await startMedia({ bus: 'nats', collaborators: ['projects'] });
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
