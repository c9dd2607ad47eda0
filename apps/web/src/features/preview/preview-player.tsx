import type { VideoSettings } from '@memoreel/domain';
import { MemoreelPlayer, photoIndexAt, photoStartFrame, usePhotoPrefetch } from '@memoreel/video';
import type { CallbackListener, PlayerRef } from '@remotion/player';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PublicMusicTrack } from '../music/music-library-api';
import type { PreviewPhoto } from './preview-photos';
import { previewVideoProps } from './preview-video-props';

/**
 * The real composition (`@memoreel/video`) in the video's format with the player's own controls (play/pause,
 * seek bar, volume, fullscreen). Loaded on its own: Remotion stays out of every other page.
 */
export default function PreviewPlayer({
  photos,
  settings,
  library,
}: {
  photos: PreviewPhoto[];
  settings: VideoSettings;
  library: PublicMusicTrack[];
}) {
  const video = useMemo(() => previewVideoProps(photos, settings, library), [photos, settings, library]);

  const player = useRef<PlayerRef>(null);
  // The photo under the playhead, not the frame: the page re-renders once a photo, not 30 times a second.
  const [photoIndex, setPhotoIndex] = useState(0);
  usePhotoPrefetch(video, photoStartFrame(video, photoIndex));

  useEffect(() => {
    const current = player.current;
    if (!current) return;
    const follow: CallbackListener<'frameupdate'> = (event) =>
      setPhotoIndex(photoIndexAt(video, event.detail.frame));
    const seeked: CallbackListener<'seeked'> = (event) =>
      setPhotoIndex(photoIndexAt(video, event.detail.frame));
    current.addEventListener('frameupdate', follow);
    current.addEventListener('seeked', seeked);
    return () => {
      current.removeEventListener('frameupdate', follow);
      current.removeEventListener('seeked', seeked);
    };
  }, [video]);

  return (
    <MemoreelPlayer
      ref={player}
      video={video}
      controls
      clickToPlay
      doubleClickToFullscreen
      allowFullscreen
      showVolumeControls
      style={{ width: '100%', height: '100%' }}
    />
  );
}
