import type { PlayerRef } from '@remotion/player';
import { cleanup, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { threePhotos } from '../test/fixtures.js';
import { MemoreelPlayer, photosToPrefetch } from './preview.js';
import { calculateMemoreelMetadata } from './root.js';

afterEach(cleanup);

describe('photosToPrefetch', () => {
  const props = threePhotos();
  const url = (id: string) => `https://storage.test/${id}.jpg`;

  it('holds the photo before the playhead, the current one and those ahead', () => {
    expect(photosToPrefetch(props, 0)).toEqual([url('a'), url('b'), url('c')]);
    expect(photosToPrefetch(props, 0, 1)).toEqual([url('a'), url('b')]);
    expect(photosToPrefetch(props, 130, 1)).toEqual([url('b'), url('c')]);
  });

  it('holds nothing without photos', () => {
    expect(photosToPrefetch(threePhotos({ photos: [] }), 0)).toEqual([]);
  });
});

describe('calculateMemoreelMetadata', () => {
  it('sizes the composition from its props', async () => {
    const props = threePhotos();
    const metadata = await calculateMemoreelMetadata({
      props,
      defaultProps: props,
      abortSignal: new AbortController().signal,
      compositionId: 'memoreel',
      isRendering: true,
    });
    expect(metadata).toEqual({ durationInFrames: 180, fps: 30, width: 1920, height: 1080 });
  });
});

describe('MemoreelPlayer', () => {
  it('plays the composition at its full length, 1080p at 30 fps', () => {
    const ref = createRef<PlayerRef>();
    const { container } = render(
      <MemoreelPlayer video={threePhotos()} ref={ref} initialFrame={30} acknowledgeRemotionLicense />,
    );
    expect(ref.current?.getCurrentFrame()).toBe(30);
    ref.current?.seekTo(179);
    expect(ref.current?.getCurrentFrame()).toBe(179);
    expect(container.querySelector('[data-photo-id="a"] img')?.getAttribute('src')).toBe(
      'https://storage.test/a.jpg',
    );
  });
});
