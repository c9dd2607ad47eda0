import { Pause, Play } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { SharedVideo } from './sharing-api';

const SharedCompositionPlayer = lazy(() => import('./shared-composition-player'));

/**
 * True once the page has loaded and the browser is idle: Remotion (and the photos it prefetches)
 * then cost the first paint, the LCP image and the main thread nothing.
 */
function useLoadedAndIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const whenIdle = () => {
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(() => setReady(true), { timeout: 2_000 })
          : window.setTimeout(() => setReady(true), 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
        window.clearTimeout(idle);
      }
    };
  }, []);
  return ready;
}

/**
 * The 16:9 player (spec shared video page): the rendered MP4 when one exists — native controls
 * and volume, no autoplay, no loop, double-click for fullscreen, a play/pause overlay — else the
 * live composition of the share's photos and music (Remotion, loaded once the page has loaded, the
 * first photo standing in meanwhile). A share without photos has nothing to play: its title card shows.
 */
export function SharedVideoPlayer({ video, title }: { video: SharedVideo; title: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const poster = video.posterUrl ?? video.photos[0]?.url;
  const compositionMayLoad = useLoadedAndIdle();

  function toggle() {
    const element = ref.current;
    if (!element) return;
    if (element.paused) void element.play();
    else element.pause();
  }

  function fullscreen() {
    const element = ref.current?.parentElement;
    if (!element) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void element.requestFullscreen?.();
  }

  return (
    <div
      className="group relative aspect-video w-full overflow-hidden rounded-2xl bg-neutral-900 shadow-xl ring-1 ring-black/10"
      data-testid="shared-video-player"
    >
      {video.videoUrl ? (
        <>
          {/* biome-ignore lint/a11y/useMediaCaption: slideshow videos carry music only */}
          <video
            ref={ref}
            src={video.videoUrl}
            poster={poster}
            controls
            playsInline
            preload="metadata"
            className="size-full"
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onEnded={() => setPlaying(false)}
            onDoubleClick={fullscreen}
          />
          {!playing && (
            <button
              type="button"
              onClick={toggle}
              className="absolute inset-0 m-auto flex size-20 items-center justify-center rounded-full bg-white/90 text-neutral-900 shadow-lg transition hover:scale-105"
              aria-label="Play video"
            >
              <Play className="ml-1 size-9" aria-hidden />
            </button>
          )}
          {playing && (
            <button
              type="button"
              onClick={toggle}
              className="absolute top-3 right-3 rounded-full bg-black/50 p-2 text-white opacity-0 transition group-hover:opacity-100"
              aria-label="Pause video"
            >
              <Pause className="size-5" aria-hidden />
            </button>
          )}
        </>
      ) : video.photos.length > 0 && compositionMayLoad ? (
        <Suspense fallback={<Still poster={poster} title={title} />}>
          <SharedCompositionPlayer video={video} />
        </Suspense>
      ) : (
        <Still poster={poster} title={title} />
      )}
    </div>
  );
}

/** The first paint (the gateway sends the same markup): the first photo, else the title card; not playable yet. */
function Still({ poster, title }: { poster: string | undefined; title: string }) {
  return (
    <>
      {poster ? (
        <img src={poster} alt="" className="size-full object-cover" fetchPriority="high" />
      ) : (
        <div className="flex size-full items-end bg-gradient-to-br from-[#3b2a22] to-[#8a5a44] p-4 sm:p-8">
          <p className="line-clamp-2 font-display text-lg text-white/90 sm:text-3xl">{title}</p>
        </div>
      )}
      <div className="absolute inset-0 flex items-center justify-center">
        <span
          className="flex size-20 items-center justify-center rounded-full bg-white/60 text-neutral-700 shadow-lg"
          aria-disabled="true"
          title="The video is not ready to play yet"
        >
          <Play className="ml-1 size-9" aria-hidden />
        </span>
      </div>
    </>
  );
}
