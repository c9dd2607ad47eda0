import {
  completePhotoUploads,
  getPhotoUrls,
  listPhotos,
  photoQuota,
  requestPhotoUploads,
} from '@memoreel/contracts';
import { photoMessages } from '@memoreel/domain';
import { actors } from '@memoreel/testing';
import { describe, expect, it } from 'vitest';
import { put, upload } from './browser-uploads.js';
import { eventually, useMedia } from './media-harness.js';
import { jpeg, phoneSizedJpeg, pngBomb } from './photo-files.js';

/** Uploads media refuses, the plan quota it keeps, and projects and photos it hides from others. */

const media = useMedia({ collaborators: ['projects'] });

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
      const { plan, results } = await upload(media, owner, project.id, [
        { name, type: 'image/jpeg', bytes: await bytes() },
      ]);
      const elapsed = performance.now() - started;
      expect(results).toEqual([{ uploadId: plan.slots[0]!.uploadId, photoId: null, error: message(name) }]);
      expect(await media.keys(`${project.id}/`)).toEqual([]);
      expect(elapsed).toBeLessThan(10_000);
      await eventually(async () => {
        expect(await media.request(photoQuota, owner, { projectId: project.id })).toMatchObject({
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
    const { plan, results } = await upload(media, owner, project.id, [
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
