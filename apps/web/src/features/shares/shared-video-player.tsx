import { PHONE_POSTER_MEDIA, shareMessages } from '@memoreel/domain';
import { LoaderCircle, Pause, Play } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { videoFrameStyle } from '../preview/video-frame';
import type { SharedVideo } from './sharing-api';

const text = shareMessages.viewer;

const loadCompositionPlayer = () => import('./shared-composition-player');
const SharedCompositionPlayer = lazy(loadCompositionPlayer);

/**
 * True once the page has loaded and the browser is idle: the full-size poster then costs the
 * first paint, the LCP image and the main thread nothing.
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
 * The player (spec shared video page), in the video's format — a 9:16 video stands upright, as
 * wide as a phone's screen, never letterboxed —: the rendered MP4 when one exists — native controls
 * and volume, no autoplay, no loop, double-click for fullscreen, a play/pause overlay — else the
 * live composition of the share's photos and music. Remotion (~90 KB, and the photos it prefetches)
 * loads when the visitor shows they want to watch (pointer over or focus on the play button), and
 * the first press plays; until then the first photo stands in. A share without photos has nothing
 * to play: its title card shows.
 */
export function SharedVideoPlayer({ video, title }: { video: SharedVideo; title: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const poster = useStillPoster(video);

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
      className="group relative overflow-hidden rounded-2xl bg-neutral-900 shadow-xl ring-1 ring-black/10"
      style={videoFrameStyle(video.videoSettings)}
      data-testid="shared-video-player"
    >
      {video.videoUrl ? (
        <>
          {/* biome-ignore lint/a11y/useMediaCaption: slideshow videos carry music only */}
          <video
            ref={ref}
            src={video.videoUrl}
            poster={poster.shown}
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
            <button type="button" onClick={toggle} className={playButton} aria-label="Play video">
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
      ) : video.photos.length > 0 && started ? (
        <Suspense fallback={<Still video={video} poster={poster} title={title} loading />}>
          <SharedCompositionPlayer video={video} playOnLoad />
        </Suspense>
      ) : (
        <Still
          video={video}
          poster={poster}
          title={title}
          onPlay={video.photos.length > 0 ? () => setStarted(true) : undefined}
        />
      )}
    </div>
  );
}

const playButton =
  'absolute inset-0 m-auto flex size-20 items-center justify-center rounded-full bg-white/90 text-neutral-900 shadow-lg transition hover:scale-105';

interface StillPoster {
  /** What the page shows now: the phone poster on a phone-wide page until the full one is loaded. */
  shown: string | undefined;
  /** Whether the phone poster may still show (the <picture> source); false once the full one is in. */
  phone: string | undefined;
  full: string | undefined;
}

/**
 * The first photo: on a phone the light 480-px thumbnail first (the LCP), then, once the page has
 * loaded and is idle, the full-size poster, swapped in when it has arrived (no blank in between).
 */
function useStillPoster(video: SharedVideo): StillPoster {
  const full = video.posterUrl ?? video.photos[0]?.url;
  const phoneSource = video.phonePosterUrl ?? undefined;
  const idle = useLoadedAndIdle();
  const [fullLoaded, setFullLoaded] = useState(false);
  useEffect(() => {
    if (!idle || !phoneSource || !full) return;
    const image = new Image();
    image.onload = () => setFullLoaded(true);
    image.src = full;
    return () => {
      image.onload = null;
    };
  }, [idle, phoneSource, full]);
  const phone = fullLoaded ? undefined : phoneSource;
  const onPhone = typeof window.matchMedia === 'function' && window.matchMedia(PHONE_POSTER_MEDIA).matches;
  return { phone, full, shown: phone && onPhone ? phone : full };
}

/**
 * The first paint (the gateway sends the same markup): the first photo, else the title card, with
 * the play button; its first press loads the composition and plays it.
 */
function Still({
  video,
  poster,
  title,
  onPlay,
  loading = false,
}: {
  video: SharedVideo;
  poster: StillPoster;
  title: string;
  onPlay?: (() => void) | undefined;
  loading?: boolean;
}) {
  const first = video.photos[0];
  return (
    <>
      {poster.full ? (
        <picture className="block size-full">
          {poster.phone && <source media={PHONE_POSTER_MEDIA} srcSet={poster.phone} />}
          <img
            src={poster.full}
            alt=""
            width={first?.width}
            height={first?.height}
            className="size-full object-cover"
            fetchPriority="high"
          />
        </picture>
      ) : (
        <div className="flex size-full items-end bg-gradient-to-br from-[#3b2a22] to-[#8a5a44] p-4 sm:p-8">
          <p className="line-clamp-2 font-display text-lg text-white/90 sm:text-3xl">{title}</p>
        </div>
      )}
      {onPlay || loading ? (
        <button
          type="button"
          onClick={onPlay}
          onPointerEnter={() => void loadCompositionPlayer()}
          onFocus={() => void loadCompositionPlayer()}
          disabled={loading}
          className={playButton}
          aria-label={loading ? text.loading : 'Play video'}
          data-testid="shared-video-toggle"
        >
          {loading ? (
            <LoaderCircle className="size-9 animate-spin" aria-hidden />
          ) : (
            <Play className="ml-1 size-9" aria-hidden />
          )}
        </button>
      ) : null}
    </>
  );
}
