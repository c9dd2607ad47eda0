import { type Actor, deletePhotos, listPhotos, setPhotoFilter } from '@memoreel/contracts';
import { actors } from '@memoreel/testing';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fetchImage, upload, videoReady } from './browser-uploads.js';
import { eventually, useMedia } from './media-harness.js';
import { jpeg } from './photo-files.js';

/** The video derivative of a photo: made for its current filter, one object at a time, never orphaned. */

const media = useMedia({ collaborators: ['projects'] });

describe('the video derivative', () => {
  async function storedPhoto(owner: Actor) {
    const project = await media.project(owner);
    const { results } = await upload(media, owner, project.id, [
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
    const original = await videoReady(media, owner, photo.id);
    expect(await fetchImage(original.video)).toMatchObject({ format: 'jpeg', width: 1920, height: 1280 });
    expect(await media.keys(photo.prefix)).toEqual([keyOf(original.video)]);

    await media.request(setPhotoFilter, owner, { id: photo.id, filter: 'sepia' });
    const sepia = await videoReady(media, owner, photo.id, 'sepia');
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
    const back = await videoReady(media, owner, photo.id, 'none');
    expect(keyOf(back.video)).toBe(keyOf(original.video));
    expect(await media.keys(photo.prefix)).toEqual([keyOf(original.video)]);
  });

  it('goes with its photo', async () => {
    const owner = actors.user();
    const photo = await storedPhoto(owner);
    await media.request(setPhotoFilter, owner, { id: photo.id, filter: 'dramatic' });
    await videoReady(media, owner, photo.id, 'dramatic');
    await media.request(deletePhotos, owner, { projectId: photo.projectId, ids: [photo.id] });
    await eventually(async () => expect(await media.keys(`${photo.projectId}/`)).toEqual([]));
  });
});
