import { completePhotoUploads, requestPhotoUploads } from '@memoreel/contracts';
import { metricsRegistry } from '@memoreel/platform';
import { actors } from '@memoreel/testing';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useMedia } from './media-harness.js';

const media = useMedia({ collaborators: ['projects'] });

/** The value /metrics shows for a series (0 when absent). */
async function seriesValue(series: string): Promise<number> {
  const line = (await metricsRegistry.metrics()).split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('upload metrics (the uploads dashboard)', () => {
  it('count each verified upload once, stored or rejected, and the bytes stored', async () => {
    // The registry is the process's: other specs of the same test process may have counted before.
    const before = {
      stored: await seriesValue('memoreel_uploads_total{outcome="stored"}'),
      rejected: await seriesValue('memoreel_uploads_total{outcome="rejected"}'),
      bytes: await seriesValue('memoreel_upload_bytes_total'),
    };
    const owner = actors.user();
    const project = await media.project(owner);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0ffee' } })
      .jpeg()
      .toBuffer();
    const notAPhoto = Buffer.from('plain text that says it is a JPEG');
    const plan = await media.request(requestPhotoUploads, owner, {
      projectId: project.id,
      files: [
        { name: 'a.jpg', size: photo.length, contentType: 'image/jpeg' },
        { name: 'b.jpg', size: notAPhoto.length, contentType: 'image/jpeg' },
      ],
    });
    for (const slot of plan.slots) {
      const response = await fetch(slot.url, {
        method: 'PUT',
        headers: Object.fromEntries(slot.headers.map((h) => [h.name, h.value])),
        body: slot.fileIndex === 0 ? photo : notAPhoto,
      });
      expect(response.status).toBe(200);
    }
    const uploadIds = plan.slots.map((slot) => slot.uploadId);

    await media.request(completePhotoUploads, owner, { projectId: project.id, uploadIds });
    // Completing again (the browser retried) answers the same and counts nothing more.
    const { results } = await media.request(completePhotoUploads, owner, {
      projectId: project.id,
      uploadIds,
    });

    expect(results.map((r) => r.error === null)).toEqual([true, false]);
    expect(await seriesValue('memoreel_uploads_total{outcome="stored"}')).toBe(before.stored + 1);
    expect(await seriesValue('memoreel_uploads_total{outcome="rejected"}')).toBe(before.rejected + 1);
    expect(await seriesValue('memoreel_upload_bytes_total')).toBe(before.bytes + photo.length);
  });
});
