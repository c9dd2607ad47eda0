import {
  MemoreelPlayer,
  photoIndexAt,
  photoStartFrame,
  usePhotoPrefetch,
  videoMetadata,
} from '@memoreel/video';
import type { CallbackListener, PlayerRef } from '@remotion/player';
import { Pause, Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { playableVideoProps } from '../preview/preview-video-props';
import type { SharedVideo } from './sharing-api';

/** The composition's props from the public read, the way the preview builds them. */
export function sharedVideoProps(video: Pick<SharedVideo, 'photos' | 'videoSettings' | 'musicUrls'>) {
  return playableVideoProps(video.photos, video.videoSettings, video.musicUrls);
}

/**
 * The shared video as the live composition (`@memoreel/video`), when no rendered MP4 exists: the
 * spec's player — controls, volume, double-click fullscreen, no autoplay, no loop, a centred
 * play/pause shown on hover and while at the first or last frame. Loaded on its own when the
 * visitor goes to play (`playOnLoad`: the press that loaded it starts it): Remotion never delays
 * the viewer's LCP (the still photo) nor busies a phone that only reads the page.
 */
export default function SharedCompositionPlayer({
  video,
  playOnLoad = false,
}: {
  video: SharedVideo;
  playOnLoad?: boolean;
}) {
  const props = useMemo(() => sharedVideoProps(video), [video]);
  const player = useRef<PlayerRef>(null);
  const lastFrame = videoMetadata(props).durationInFrames - 1;
  // The photo under the playhead and whether it is at an end, not the frame: the page re-renders
  // once a photo, not 30 times a second.
  const [photoIndex, setPhotoIndex] = useState(0);
  const [atAnEnd, setAtAnEnd] = useState(true);
  const [playing, setPlaying] = useState(false);
  usePhotoPrefetch(props, photoStartFrame(props, photoIndex));

  useEffect(() => {
    const current = player.current;
    if (!current) return;
    const at = (frame: number) => {
      setPhotoIndex(photoIndexAt(props, frame));
      setAtAnEnd(frame === 0 || frame >= lastFrame);
    };
    const follow: CallbackListener<'frameupdate'> = (event) => at(event.detail.frame);
    const seeked: CallbackListener<'seeked'> = (event) => at(event.detail.frame);
    const play = () => setPlaying(true);
    const pause = () => setPlaying(false);
    current.addEventListener('frameupdate', follow);
    current.addEventListener('seeked', seeked);
    current.addEventListener('play', play);
    current.addEventListener('pause', pause);
    current.addEventListener('ended', pause);
    return () => {
      current.removeEventListener('frameupdate', follow);
      current.removeEventListener('seeked', seeked);
      current.removeEventListener('play', play);
      current.removeEventListener('pause', pause);
      current.removeEventListener('ended', pause);
    };
  }, [props, lastFrame]);

  // Once, on mount: the visitor already pressed play (the page has their gesture, so sound may play).
  const playedOnLoad = useRef(false);
  useEffect(() => {
    if (!playOnLoad || playedOnLoad.current) return;
    playedOnLoad.current = true;
    player.current?.play();
  }, [playOnLoad]);

  return (
    <div className="group relative size-full">
      <MemoreelPlayer
        ref={player}
        video={props}
        controls
        showVolumeControls
        clickToPlay
        doubleClickToFullscreen
        allowFullscreen
        autoPlay={false}
        loop={false}
        moveToBeginningWhenEnded={false}
        style={{ width: '100%', height: '100%' }}
      />
      <PlayPauseOverlay
        playing={playing}
        shown={!playing && atAnEnd}
        onToggle={() => player.current?.toggle()}
      />
    </div>
  );
}

function PlayPauseOverlay({
  playing,
  shown,
  onToggle,
}: {
  playing: boolean;
  /** Always shown at the first and last frame; otherwise on hover (or keyboard focus). */
  shown: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      className={`absolute inset-0 m-auto flex size-20 items-center justify-center rounded-full bg-white/90 text-neutral-900 shadow-lg transition hover:scale-105 focus-visible:opacity-100 ${
        shown ? 'opacity-100' : 'opacity-0 group-hover:opacity-100'
      }`}
      aria-label={playing ? 'Pause video' : 'Play video'}
      data-testid="shared-video-toggle"
    >
      {playing ? <Pause className="size-9" aria-hidden /> : <Play className="ml-1 size-9" aria-hidden />}
    </button>
  );
}
