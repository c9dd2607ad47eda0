import {
  defaultVideoSettings,
  IDENTITY_TRANSFORM,
  photoFraming,
  VIDEO_FORMAT_IDS,
  VIDEO_FORMATS,
} from '@memoreel/domain';
import { describe, expect, it } from 'vitest';
import { MOVING, threePhotos } from '../test/fixtures.js';
import { emptyVideoProps, MemoreelVideoPropsSchema, videoPropsFromProject } from './props.js';

describe('videoPropsFromProject', () => {
  const settings = defaultVideoSettings();
  settings.durationPerPhoto = 4;
  settings.transition = 'fade';
  settings.music.timelineTracks = [
    { id: 't1', storage_path: 'music/a.mp3', startTime: 0, duration: 5, instanceId: 'i1', isTrimmed: true },
    { id: 't1', storage_path: 'music/a.mp3', startTime: 5, duration: 3, instanceId: 'i2' },
  ];

  const props = videoPropsFromProject({
    photos: [
      { id: 'p1', url: 'https://storage.test/p1.jpg', transforms: MOVING },
      { id: 'p2', url: 'https://storage.test/p2.jpg', transforms: { '0': { scale: 9 } } },
      {
        id: 'p3',
        url: 'https://storage.test/p3.jpg',
        transforms: { '0': { ...IDENTITY_TRANSFORM, scale: 7, rotate: 400 }, '100': IDENTITY_TRANSFORM },
      },
    ],
    settings,
    musicUrl: (track) => `https://storage.test/${track.storage_path}`,
  });

  it('carries the settings and the photos in order', () => {
    expect(props.durationPerPhoto).toBe(4);
    expect(props.transition).toBe('fade');
    expect(props.photos.map((photo) => photo.id)).toEqual(['p1', 'p2', 'p3']);
    expect(props.photos[0]?.transforms).toEqual(MOVING);
  });

  it('reads transforms like the rest of the product: malformed is still, out of range is clamped', () => {
    expect(props.photos[1]?.transforms).toEqual({ '0': IDENTITY_TRANSFORM, '100': IDENTITY_TRANSFORM });
    expect(props.photos[2]?.transforms['0']).toMatchObject({ scale: 4, rotate: 180 });
  });

  it('places every timeline track with the URL given for it', () => {
    expect(props.music).toEqual([
      {
        instanceId: 'i1',
        url: 'https://storage.test/music/a.mp3',
        startTime: 0,
        duration: 5,
        isTrimmed: true,
      },
      {
        instanceId: 'i2',
        url: 'https://storage.test/music/a.mp3',
        startTime: 5,
        duration: 3,
        isTrimmed: false,
      },
    ]);
  });

  it('gives props the composition schema accepts', () => {
    expect(MemoreelVideoPropsSchema.parse(props)).toEqual(props);
  });
});

describe('MemoreelVideoPropsSchema', () => {
  it('accepts the Studio default and well-formed props', () => {
    expect(MemoreelVideoPropsSchema.safeParse(emptyVideoProps()).success).toBe(true);
    expect(MemoreelVideoPropsSchema.safeParse(threePhotos()).success).toBe(true);
  });

  it.each(VIDEO_FORMAT_IDS)('accepts a %s frame', (format) => {
    expect(MemoreelVideoPropsSchema.safeParse(threePhotos({ ...VIDEO_FORMATS[format] })).success).toBe(true);
  });

  it('refuses a frame that is none of the formats: a worker never draws 8192 × 8192', () => {
    for (const size of [{ width: 8192, height: 8192 }, { width: 1080 }, { width: 1920, height: 1920 }]) {
      expect(MemoreelVideoPropsSchema.safeParse(threePhotos(size)).success).toBe(false);
    }
  });

  it('takes the frame from the settings', () => {
    const vertical = { ...defaultVideoSettings(), ...VIDEO_FORMATS['9:16'] };
    const props = videoPropsFromProject({ photos: [], settings: vertical, musicUrl: () => '' });
    expect(props).toMatchObject({ width: 1080, height: 1920 });
  });

  it('frames a portrait to fill a 9:16 video, its face kept in; a 16:9 video keeps every photo whole', () => {
    const portrait = {
      id: 'p',
      url: 'https://storage.test/p.jpg',
      transforms: MOVING,
      width: 3000,
      height: 4000,
      faces: [{ x: 40, y: 1500, width: 500, height: 600 }],
    };
    const vertical = { ...defaultVideoSettings(), ...VIDEO_FORMATS['9:16'] };
    const [framed] = videoPropsFromProject({
      photos: [portrait],
      settings: vertical,
      musicUrl: () => '',
    }).photos;
    expect(framed?.framing).toEqual(photoFraming(portrait, VIDEO_FORMATS['9:16'], portrait.faces));
    expect(framed?.framing?.scale).toBeGreaterThan(1.3);
    expect(framed?.framing?.translateX).toBeGreaterThan(0);
    const [wide] = videoPropsFromProject({
      photos: [portrait],
      settings: defaultVideoSettings(),
      musicUrl: () => '',
    }).photos;
    expect(wide).not.toHaveProperty('framing');
    // Without its size (an old caller), a photo is drawn whole.
    const [unsized] = videoPropsFromProject({
      photos: [{ ...portrait, width: undefined }],
      settings: vertical,
      musicUrl: () => '',
    }).photos;
    expect(unsized).not.toHaveProperty('framing');
  });

  it('refuses a framing that would crop more than a quarter of a photo', () => {
    const props = threePhotos(VIDEO_FORMATS['9:16']);
    const photos = props.photos.map((photo) => ({
      ...photo,
      framing: { scale: 2, translateX: 0, translateY: 0 },
    }));
    expect(MemoreelVideoPropsSchema.safeParse({ ...props, photos }).success).toBe(false);
  });

  it('refuses a duration off the Design slider, an unknown transition and a track without length', () => {
    expect(MemoreelVideoPropsSchema.safeParse(threePhotos({ durationPerPhoto: 0.5 })).success).toBe(false);
    expect(MemoreelVideoPropsSchema.safeParse({ ...threePhotos(), transition: 'wipe' }).success).toBe(false);
    const silent = { instanceId: 'i', url: 'u', startTime: 0, duration: 0 };
    expect(MemoreelVideoPropsSchema.safeParse(threePhotos({ music: [silent] })).success).toBe(false);
  });
});
