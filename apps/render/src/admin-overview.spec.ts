import { overviewMessages, renderOverview } from '@memoreel/contracts';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import { startRender } from '../test/render-harness.js';
import { MUSIC_BUCKET } from './music/music-storage.js';
import { RENDERS_BUCKET } from './renders/render-storage.js';

const h = startedForTests('render', () => startRender());

describe('Database Admin: the render service', () => {
  it('reports its tables and both of its buckets to an admin', async () => {
    await h.storage.put(MUSIC_BUCKET, 'a.mp3', Buffer.from('music'), { contentType: 'audio/mpeg' });
    await h.storage.put(RENDERS_BUCKET, 'chunks/b.mp4', Buffer.from('chunk!'), { contentType: 'video/mp4' });

    const overview = await h.request(renderOverview, actors.admin(), {});

    expect(overview.schema).toBe('render');
    expect(overview.tables.map((table) => table.name)).toContain('music_tracks');
    expect(overview.storage).toEqual([
      { bucket: MUSIC_BUCKET, prefix: '*.mp3', objects: 1, bytes: 5 },
      { bucket: RENDERS_BUCKET, prefix: 'chunks/', objects: 1, bytes: 6 },
    ]);
  });

  it('refuses anyone but an admin', async () => {
    for (const caller of [actors.user(), actors.guest()]) {
      const error = await h.failure(renderOverview, caller, {});
      expect(error).toMatchObject({ code: 'FORBIDDEN', message: overviewMessages.adminRequired });
    }
  });
});
