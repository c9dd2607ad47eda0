import { randomUUID } from 'node:crypto';
import { mediaOverview, overviewMessages } from '@memoreel/contracts';
import { actors } from '@memoreel/testing';
import { describe, expect, it } from 'vitest';
import { useMedia } from '../test/media-harness.js';
import { PHOTOS_BUCKET } from './storage/photo-storage.js';

const h = useMedia();

describe('Database Admin: the media service', () => {
  it('reports its tables and its photos bucket to an admin', async () => {
    await h.storage.put(PHOTOS_BUCKET, `${randomUUID()}/a.jpg`, Buffer.from('photo'), {
      contentType: 'image/jpeg',
    });

    const overview = await h.request(mediaOverview, actors.admin(), {});

    expect(overview.schema).toBe('media');
    expect(overview.tables.map((table) => table.name)).toContain('photos');
    expect(overview.storage).toEqual([{ bucket: PHOTOS_BUCKET, prefix: '{id}/', objects: 1, bytes: 5 }]);
  });

  it('refuses anyone but an admin', async () => {
    for (const caller of [actors.user(), actors.guest()]) {
      const error = await h.failure(mediaOverview, caller, {});
      expect(error).toMatchObject({ code: 'FORBIDDEN', message: overviewMessages.adminRequired });
    }
  });
});
