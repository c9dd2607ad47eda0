import { Player, type PlayerProps, type PlayerRef } from '@remotion/player';
import { type Ref, useEffect, useRef } from 'react';
import { type AnyZodObject, prefetch } from 'remotion';
import { MemoreelVideo } from './memoreel-video.js';
import type { MemoreelVideoProps } from './props.js';
import { photoIndexAt, videoMetadata } from './timing.js';

type PlayerOptions = Pick<
  PlayerProps<AnyZodObject, MemoreelVideoProps>,
  | 'controls'
  | 'style'
  | 'className'
  | 'loop'
  | 'autoPlay'
  | 'clickToPlay'
  | 'doubleClickToFullscreen'
  | 'allowFullscreen'
  | 'showVolumeControls'
  | 'initialFrame'
  | 'renderPoster'
  | 'showPosterWhenPaused'
  | 'showPosterWhenUnplayed'
  | 'showPosterWhenEnded'
  | 'moveToBeginningWhenEnded'
  | 'acknowledgeRemotionLicense'
>;

export type MemoreelPlayerProps = PlayerOptions & { video: MemoreelVideoProps; ref?: Ref<PlayerRef> };

/**
 * The SPA's preview: the same composition the workers render, at the same size and frame rate,
 * scaled to its box by `<Player>`. Depending on `@remotion/player` through this package keeps it
 * at exactly the version of `remotion` (a second copy renders a blank player).
 */
export function MemoreelPlayer({ video, ref, ...options }: MemoreelPlayerProps) {
  const { durationInFrames, fps, width, height } = videoMetadata(video);
  return (
    <Player
      ref={ref}
      component={MemoreelVideo}
      inputProps={video}
      durationInFrames={durationInFrames}
      fps={fps}
      compositionWidth={width}
      compositionHeight={height}
      {...options}
    />
  );
}

/** Photos fetched ahead of the playhead; the composition itself mounts each one 2 s before its turn. */
export const PREFETCH_PHOTOS_AHEAD = 3;

/** The photos worth having in memory at `frame`: the one before (still shown in a dissolve), the current one and a few ahead. */
export function photosToPrefetch(
  video: Pick<MemoreelVideoProps, 'photos' | 'durationPerPhoto'>,
  frame: number,
  ahead: number = PREFETCH_PHOTOS_AHEAD,
): string[] {
  const current = photoIndexAt(video, frame);
  if (current < 0) return [];
  return video.photos.slice(Math.max(0, current - 1), current + 1 + ahead).map((photo) => photo.url);
}

/**
 * Keeps the photos around the playhead prefetched (Remotion's `<Img>` then shows them from memory)
 * and frees those the playhead has left. Give it the player's frame (its `frameupdate` event).
 */
export function usePhotoPrefetch(
  video: MemoreelVideoProps,
  frame: number,
  ahead = PREFETCH_PHOTOS_AHEAD,
): void {
  const key = photosToPrefetch(video, frame, ahead).join('\n');
  const prefetched = useRef(new Map<string, { free: () => void }>());

  useEffect(() => {
    const wanted = new Set(key === '' ? [] : key.split('\n'));
    const held = prefetched.current;
    for (const url of wanted) {
      if (!held.has(url)) held.set(url, prefetch(url, { method: 'blob-url' }));
    }
    for (const [url, handle] of held) {
      if (!wanted.has(url)) {
        handle.free();
        held.delete(url);
      }
    }
  }, [key]);

  useEffect(() => {
    const held = prefetched.current;
    return () => {
      for (const handle of held.values()) handle.free();
      held.clear();
    };
  }, []);
}
