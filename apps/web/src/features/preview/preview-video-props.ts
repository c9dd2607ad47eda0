import type { VideoSettings } from '@memoreel/domain';
import { type MemoreelVideoProps, videoPropsFromProject } from '@memoreel/video';
import type { PublicMusicTrack } from '../music/music-library-api';
import type { PreviewPhoto } from './preview-photos';
import { videoUrlOf } from './video-photo-url';

/**
 * The composition's props from what the SPA holds: photos in display order (those with an image
 * yet), their motion in the stored '0'/'100' shape, and the timeline with the library's fresh URLs.
 * A track no longer in the library has no URL to play; the rest of the timeline still plays.
 */
export function previewVideoProps(
  photos: PreviewPhoto[],
  settings: VideoSettings,
  library: PublicMusicTrack[],
): MemoreelVideoProps {
  const urls = new Map(library.map((track) => [track.id, track.url]));
  return videoPropsFromProject({
    photos: photos.flatMap((photo) => {
      const url = videoUrlOf(photo);
      return url
        ? [{ id: photo.id, url, transforms: { '0': photo.transforms.start, '100': photo.transforms.end } }]
        : [];
    }),
    settings: {
      ...settings,
      music: {
        ...settings.music,
        timelineTracks: settings.music.timelineTracks.filter((track) => urls.has(track.id)),
      },
    },
    musicUrl: (track) => urls.get(track.id) ?? '',
  });
}
