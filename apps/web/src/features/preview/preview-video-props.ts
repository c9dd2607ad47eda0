import {
  facesOf,
  type PhotoBox,
  type PhotoCaption,
  type PhotoTransform,
  type VideoSettings,
} from '@memoreel/domain';
import { type MemoreelVideoProps, videoPropsFromProject } from '@memoreel/video';
import type { PublicMusicTrack } from '../music/music-library-api';
import type { PreviewPhoto } from './preview-photos';
import { videoUrlOf } from './video-photo-url';

interface PlayablePhoto {
  id: string;
  url: string;
  transforms: { start: PhotoTransform; end: PhotoTransform };
  caption?: PhotoCaption | null;
  /** Its size and faces: how it is framed in a 1:1 or 9:16 video. */
  width?: number;
  height?: number;
  faces?: readonly PhotoBox[] | null;
}

/**
 * The composition's props from what the SPA holds: photos in display order, their motion in the
 * stored '0'/'100' shape, and the timeline with fresh URLs to play its tracks by and their beats.
 * A track with no URL (gone from the library) is left out; the rest of the timeline still plays.
 */
export function playableVideoProps(
  photos: PlayablePhoto[],
  settings: VideoSettings,
  musicUrls: { id: string; url: string; beats?: number[] | null }[],
): MemoreelVideoProps {
  const byId = new Map(musicUrls.map((track) => [track.id, track]));
  return videoPropsFromProject({
    photos: photos.map((photo) => ({
      id: photo.id,
      url: photo.url,
      transforms: { '0': photo.transforms.start, '100': photo.transforms.end },
      caption: photo.caption,
      width: photo.width,
      height: photo.height,
      faces: photo.faces,
    })),
    settings: {
      ...settings,
      music: {
        ...settings.music,
        timelineTracks: settings.music.timelineTracks.filter((track) => byId.has(track.id)),
      },
    },
    musicUrl: (track) => byId.get(track.id)?.url ?? '',
    beatsOf: (track) => byId.get(track.id)?.beats,
  });
}

/** The preview's props: the photos with an image yet, the music at the library's URLs. */
export function previewVideoProps(
  photos: PreviewPhoto[],
  settings: VideoSettings,
  library: PublicMusicTrack[],
): MemoreelVideoProps {
  const playable = photos.flatMap((photo) => {
    const url = videoUrlOf(photo);
    if (!url) return [];
    const { id, transforms, caption, width, height } = photo;
    return [{ id, url, transforms, caption, width, height, faces: facesOf(photo.subjects) }];
  });
  return playableVideoProps(playable, settings, library);
}
