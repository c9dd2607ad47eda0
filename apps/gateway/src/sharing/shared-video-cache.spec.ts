import type { PublicSharedVideo } from '@memoreel/contracts';
import { describe, expect, it } from 'vitest';
import { SharedVideoCache } from './shared-video-cache.js';

const ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const video = (title: string) => ({ id: ID, shareTitle: title }) as unknown as PublicSharedVideo;

/** A lookup whose answers the test releases one by one, counting the calls. */
function controlledLookup() {
  const waiting: ((video: PublicSharedVideo | null) => void)[] = [];
  const lookup = (_id: string) =>
    new Promise<PublicSharedVideo | null>((resolve) => {
      waiting.push(resolve);
    });
  return { lookup, waiting };
}

describe('SharedVideoCache', () => {
  it('makes one lookup for concurrent visitors and keeps its answer for the TTL', async () => {
    let now = 0;
    const { lookup, waiting } = controlledLookup();
    const cache = new SharedVideoCache(lookup, { ttlSeconds: 10, maxEntries: 10 }, () => now);
    const visits = [cache.get(ID), cache.get(ID.toUpperCase()), cache.get(ID)];
    expect(waiting).toHaveLength(1);
    waiting[0]?.(video('First'));
    expect((await Promise.all(visits)).map((share) => share.video?.shareTitle)).toEqual([
      'First',
      'First',
      'First',
    ]);
    now = 9_999;
    expect((await cache.get(ID)).video?.shareTitle).toBe('First');
    now = 10_000;
    const expired = cache.get(ID);
    expect(waiting).toHaveLength(2);
    waiting[1]?.(null);
    expect((await expired).video).toBeNull();
  });

  it('does not keep an answer that a drop overtook, and tells listeners what was dropped', async () => {
    const { lookup, waiting } = controlledLookup();
    const cache = new SharedVideoCache(lookup);
    const dropped: string[] = [];
    cache.onDrop((id) => dropped.push(id));
    const stale = cache.get(ID);
    cache.drop(ID);
    waiting[0]?.(video('Before the change'));
    expect((await stale).video?.shareTitle).toBe('Before the change');
    const fresh = cache.get(ID);
    expect(waiting).toHaveLength(2);
    waiting[1]?.(video('After the change'));
    expect((await fresh).video?.shareTitle).toBe('After the change');
    expect(dropped).toEqual([ID]);
  });

  it('holds at most maxEntries shares (made-up ids cannot grow it without bound)', async () => {
    let lookups = 0;
    const counting = new SharedVideoCache(
      async () => {
        lookups += 1;
        return null;
      },
      { ttlSeconds: 60, maxEntries: 3 },
    );
    for (const n of [1, 2, 3, 4]) await counting.get(`id-${n}`);
    await counting.get('id-1');
    expect(lookups).toBe(5);
    await counting.get('id-4');
    expect(lookups).toBe(5);
  });
});
