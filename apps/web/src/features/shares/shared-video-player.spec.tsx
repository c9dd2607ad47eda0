import { defaultVideoSettings } from '@memoreel/domain';
import type { MemoreelPlayerProps } from '@memoreel/video';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SharedVideoPlayer } from './shared-video-player';
import type { SharedVideo } from './sharing-api';

const played: MemoreelPlayerProps[] = [];
vi.mock('@memoreel/video', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@memoreel/video')>()),
  // Remotion's <Player> needs a real browser (e2e/sharing.spec.ts plays it); here: what it was given.
  MemoreelPlayer: (props: MemoreelPlayerProps) => {
    played.push(props);
    return <div data-testid="composition" />;
  },
}));

const identity = { scale: 1, translateX: 0, translateY: 0, rotate: 0 };
const zoomed = { scale: 1.3, translateX: 10, translateY: -5, rotate: 2 };

function sharedVideo(change: Partial<SharedVideo> = {}): SharedVideo {
  const settings = defaultVideoSettings();
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: null,
    shareTitle: 'Grandma at 90',
    author: null,
    message: null,
    showViewCount: false,
    viewCount: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    videoSettings: {
      ...settings,
      music: {
        ...settings.music,
        timelineTracks: [
          { id: 'track-1', storage_path: 'a.mp3', startTime: 0, duration: 8, instanceId: 'i-1' },
          { id: 'gone', storage_path: 'b.mp3', startTime: 8, duration: 5, instanceId: 'i-2' },
        ],
      },
    },
    photos: [
      {
        id: 'p-1',
        url: '/signed/one.jpg',
        filter: 'none',
        transforms: { start: identity, end: zoomed },
        caption: { text: 'جدتي روز 🌹', placement: 'bottom' },
        width: 1920,
        height: 1280,
        faces: [],
      },
      {
        id: 'p-2',
        url: '/signed/two.jpg',
        filter: 'sepia',
        transforms: { start: zoomed, end: identity },
        caption: null,
        width: 1280,
        height: 1920,
        faces: [{ x: 40, y: 700, width: 300, height: 300 }],
      },
    ],
    musicUrls: [{ id: 'track-1', url: '/signed/track-1.mp3', beats: null }],
    posterUrl: '/signed/one-carousel.webp',
    phonePosterUrl: '/signed/one-grid.webp',
    videoUrl: null,
    ...change,
  };
}

describe('SharedVideoPlayer', () => {
  it('shows the first photo, on a phone its light thumbnail, and loads no player before play is pressed', () => {
    render(<SharedVideoPlayer video={sharedVideo()} title="Grandma at 90" />);
    const still = document.querySelector('picture');
    expect(still?.querySelector('source')?.getAttribute('srcset')).toBe('/signed/one-grid.webp');
    expect(still?.querySelector('source')?.getAttribute('media')).toBe('(max-width: 512px)');
    expect(still?.querySelector('img')?.getAttribute('src')).toBe('/signed/one-carousel.webp');
    expect(screen.getByRole('button', { name: 'Play video' })).toBeTruthy();
    expect(screen.queryByTestId('composition')).toBeNull();
  });

  it('plays the composition of the photos and music when there is no MP4, the spec way', {
    timeout: 30_000,
  }, async () => {
    render(<SharedVideoPlayer video={sharedVideo()} title="Grandma at 90" />);
    fireEvent.click(screen.getByRole('button', { name: 'Play video' }));
    // Remotion's chunk loads on that press: give a busy machine time to import it.
    expect(await screen.findByTestId('composition', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
    const props = played.at(-1) as MemoreelPlayerProps;
    expect(props.video.photos).toEqual([
      {
        id: 'p-1',
        url: '/signed/one.jpg',
        transforms: { '0': identity, '100': zoomed },
        caption: { text: 'جدتي روز 🌹', placement: 'bottom' },
      },
      { id: 'p-2', url: '/signed/two.jpg', transforms: { '0': zoomed, '100': identity } },
    ]);
    // The track with no URL (deleted from the library) is left out; the rest plays.
    expect(props.video.music).toEqual([
      { instanceId: 'i-1', url: '/signed/track-1.mp3', startTime: 0, duration: 8, isTrimmed: false },
    ]);
    expect(props).toMatchObject({
      controls: true,
      showVolumeControls: true,
      doubleClickToFullscreen: true,
      autoPlay: false,
      loop: false,
    });
    expect(screen.getByRole('button', { name: 'Play video' })).toBeTruthy();
  });

  it('plays the rendered MP4 when there is one', () => {
    played.length = 0;
    render(
      <SharedVideoPlayer video={sharedVideo({ videoUrl: '/signed/video.mp4' })} title="Grandma at 90" />,
    );
    expect(document.querySelector('video')?.getAttribute('src')).toBe('/signed/video.mp4');
    expect(played).toEqual([]);
  });

  it('shows the title card when the share has no photos', () => {
    render(
      <SharedVideoPlayer
        video={sharedVideo({ photos: [], posterUrl: null, phonePosterUrl: null })}
        title="Grandma at 90"
      />,
    );
    expect(screen.getByText('Grandma at 90')).toBeTruthy();
    expect(screen.queryByTestId('composition')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Play video' })).toBeNull();
  });
});
