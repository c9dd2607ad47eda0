import { defaultVideoSettings, photoFraming, type TimelineTrack } from '@memoreel/domain';
import { describe, expect, it } from 'vitest';
import type { PublicMusicTrack } from '../music/music-library-api';
import { samplePhoto } from '../photos/fake-photos';
import { previewVideoProps } from './preview-video-props';

const zoomIn = {
  start: { scale: 1, translateX: 0, translateY: 0, rotate: 0 },
  end: { scale: 1.5, translateX: 10, translateY: -5, rotate: 12 },
};

const placed = (id: string, startTime: number, duration: number): TimelineTrack => ({
  id,
  storage_path: `${id}.mp3`,
  startTime,
  duration,
  instanceId: `placement-${id}`,
  isTrimmed: true,
});

const library: PublicMusicTrack[] = [
  {
    id: 'morning',
    title: 'Morning Light',
    artist: null,
    duration: 151,
    url: '/storage/music/m.mp3?sig=new',
    tempo: null,
    beats: null,
  },
];

describe('previewVideoProps', () => {
  it("keeps each photo's order, image and motion (start and end pose)", () => {
    const photos = [
      { ...samplePhoto(0), transforms: zoomIn },
      { ...samplePhoto(1), urls: { carousel: '/c1.webp', video: '/v1.jpg' } },
    ];
    const props = previewVideoProps(photos, { ...defaultVideoSettings(), durationPerPhoto: 4.5 }, []);
    expect(props.photos).toEqual([
      {
        id: 'photo-0',
        url: '/storage/photo-0-carousel.webp',
        transforms: { '0': zoomIn.start, '100': zoomIn.end },
      },
      {
        id: 'photo-1',
        url: '/v1.jpg',
        transforms: { '0': samplePhoto(1).transforms.start, '100': samplePhoto(1).transforms.end },
      },
    ]);
    expect(props.durationPerPhoto).toBe(4.5);
  });

  it('frames a portrait to fill a 9:16 video, keeping the face media found near its edge', () => {
    const face = { x: 40, y: 1500, width: 500, height: 600 };
    const portrait = samplePhoto(0, {
      width: 3000,
      height: 4000,
      subjects: { kind: 'faces', boxes: [face] },
    });
    const vertical = { ...defaultVideoSettings(), width: 1080, height: 1920 };
    const [framed] = previewVideoProps([portrait], vertical, []).photos;
    expect(framed?.framing).toEqual(photoFraming(portrait, vertical, [face]));
    expect(framed?.framing).toMatchObject({ scale: expect.any(Number), translateX: expect.any(Number) });
    expect(framed?.framing?.translateX).toBeGreaterThan(0);
    // The same photo in a 16:9 video is drawn whole, as before.
    expect(previewVideoProps([portrait], defaultVideoSettings(), []).photos[0]).not.toHaveProperty('framing');
  });

  it('leaves out a photo with no image yet', () => {
    const props = previewVideoProps(
      [samplePhoto(0, { urls: null }), samplePhoto(1)],
      defaultVideoSettings(),
      [],
    );
    expect(props.photos.map((photo) => photo.id)).toEqual(['photo-1']);
  });

  it("plays the timeline with the library's current URLs and skips a track no longer offered", () => {
    const settings = defaultVideoSettings();
    settings.music.timelineTracks = [placed('morning', 0, 20), placed('gone', 20, 10)];
    expect(previewVideoProps([samplePhoto(0)], settings, library).music).toEqual([
      {
        instanceId: 'placement-morning',
        url: '/storage/music/m.mp3?sig=new',
        startTime: 0,
        duration: 20,
        isTrimmed: true,
      },
    ]);
  });
});
