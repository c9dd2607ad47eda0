import type { MemoreelVideoProps } from '@memoreel/video/chunks';
import { describe, expect, it } from 'vitest';
import { pageMedia, withServedMedia } from './page-media.js';

const STILL = { scale: 1, translateX: 0, translateY: 0, rotate: 0 };
const photo = (id: string, sig: string) => ({
  id,
  url: `https://storage.test/photos/${id}.jpg?sig=${sig}`,
  transforms: { '0': STILL, '100': STILL },
});

const props: MemoreelVideoProps = {
  photos: [photo('a', '1'), photo('b', '1')],
  durationPerPhoto: 2,
  transition: 'fade',
  music: [],
  // The opening card is photo b (signed another time); the closing one a photo not in the video.
  opening: {
    title: 'Rose',
    subtitle: '',
    background: { url: 'https://storage.test/photos/b.jpg?sig=old' },
    seconds: 2,
  },
  closing: { message: 'Always', background: { url: 'https://storage.test/photos/z.jpg?sig=1' }, seconds: 2 },
};

describe('the media a render page fetches', () => {
  it('are the photos, then each card background that is not one of them', () => {
    expect(pageMedia(props).map((item) => item.url)).toEqual([
      'https://storage.test/photos/a.jpg?sig=1',
      'https://storage.test/photos/b.jpg?sig=1',
      'https://storage.test/photos/z.jpg?sig=1',
    ]);
  });

  it('reach the page only at the served URLs: a background that is a photo is served as that photo', () => {
    const served = withServedMedia(props, (index) => `http://127.0.0.1/media/${index}`);
    expect(served.photos.map((item) => item.url)).toEqual([
      'http://127.0.0.1/media/0',
      'http://127.0.0.1/media/1',
    ]);
    expect(served.opening?.background).toEqual({ url: 'http://127.0.0.1/media/1' });
    expect(served.closing?.background).toEqual({ url: 'http://127.0.0.1/media/2' });
  });

  it('leave a colour background and data: URLs as they are', () => {
    const plain = { ...props, closing: { message: 'Always', background: { color: '#1c1917' }, seconds: 2 } };
    expect(withServedMedia(plain, () => 'served').closing?.background).toEqual({ color: '#1c1917' });
    expect(pageMedia(plain)).toHaveLength(2);
  });
});
