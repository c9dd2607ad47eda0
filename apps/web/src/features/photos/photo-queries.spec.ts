import { describe, expect, it } from 'vitest';
import { samplePhoto } from './fake-photos';
import { inServerOrder } from './photo-queries';
import type { Photo } from './photos-api';

/** The same photo as the server answers it again: every URL signed anew. */
const signedAgain = (photo: Photo, displayOrder = photo.displayOrder): Photo => ({
  ...photo,
  displayOrder,
  urls: photo.urls && {
    grid: `${photo.urls.grid}?X-Amz-Signature=later`,
    strip: `${photo.urls.strip}?X-Amz-Signature=later`,
    carousel: `${photo.urls.carousel}?X-Amz-Signature=later`,
    full: `${photo.urls.full}?X-Amz-Signature=later`,
  },
});

describe("a move's answer over the photos shown (spec §2)", () => {
  it('keeps each photo as shown, with the URLs it was shown with, in the server’s order and places', () => {
    const shown = [0, 1, 2, 3].map((i) => samplePhoto(i));
    const [a, b, c, d] = shown as [Photo, Photo, Photo, Photo];
    // The server moved c to the front: a and b changed place, d did not.
    const answer = [signedAgain(c, 0), signedAgain(a, 1), signedAgain(b, 2), signedAgain(d, 3)];
    const next = inServerOrder(shown, answer);
    expect(next.map((photo) => [photo.id, photo.displayOrder])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
      [d.id, 3],
    ]);
    expect(next[3]).toBe(d);
    expect(next.map((photo) => photo.urls)).toEqual([c.urls, a.urls, b.urls, d.urls]);
  });

  it('takes what changed elsewhere: thumbnails made meanwhile, a new image, a new filter, a photo not shown yet', () => {
    const waiting = samplePhoto(0, { urls: null });
    const edited = samplePhoto(1);
    const filtered = samplePhoto(2);
    const made = samplePhoto(0);
    const replaced = samplePhoto(1, {
      urls: { ...(edited.urls as NonNullable<Photo['urls']>), full: '/storage/photo-1-new.png' },
    });
    const sepia = signedAgain({ ...filtered, filter: 'sepia' });
    const added = samplePhoto(3);
    const next = inServerOrder([waiting, edited, filtered], [made, replaced, sepia, added]);
    expect(next[0]).toBe(made);
    expect(next[1]).toBe(replaced);
    expect(next[2]).toEqual({ ...sepia, urls: filtered.urls });
    expect(next[3]).toBe(added);
  });
});
