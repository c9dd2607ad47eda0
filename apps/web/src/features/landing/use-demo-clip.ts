import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** A clip starts this far before it scrolls into view, and pauses once it is this far out. */
const NEAR_SCREEN = '200px 0px';

/** The reader asked their system for less motion, or their browser to save data. */
function prefersStillPreviews(): boolean {
  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  return reducedMotion || connection?.saveData === true;
}

/**
 * Plays a muted demo clip while it is on (or near) the screen and pauses it when it leaves, so only
 * the clips someone can see are downloaded and decoded (the element itself preloads nothing). It
 * never starts by itself for a reader who prefers reduced motion or saves data: the poster stays,
 * and `toggle` plays it on request. With `afterLoad` it waits for the page's load event, so the
 * hero's clip does not compete with the page's own first download.
 *
 * `started` turns true on the first frame played: until then the poster shows, not a blank video.
 * `near` turns true once the clip first comes near the screen.
 */
export function useDemoClip(video: RefObject<HTMLVideoElement | null>, { afterLoad = false } = {}) {
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const [near, setNear] = useState(false);
  const pausedByReader = useRef(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const onPlaying = () => {
      setPlaying(true);
      setStarted(true);
    };
    const onPause = () => setPlaying(false);
    element.addEventListener('playing', onPlaying);
    element.addEventListener('pause', onPause);
    const detach = () => {
      element.removeEventListener('playing', onPlaying);
      element.removeEventListener('pause', onPause);
    };
    if (typeof IntersectionObserver === 'undefined') return detach;

    const autoplay = !prefersStillPreviews();
    let visible = false;
    let loaded = !afterLoad || document.readyState === 'complete';
    const playIfWanted = () => {
      if (!autoplay || !visible || !loaded || pausedByReader.current) return;
      // Refused when the browser does not allow autoplay here (a power saver, say): the poster stays.
      element.play()?.catch(() => undefined);
    };
    const onLoad = () => {
      loaded = true;
      playIfWanted();
    };
    window.addEventListener('load', onLoad, { once: true });
    const observer = new IntersectionObserver(
      (entries) => {
        visible = entries.some((entry) => entry.isIntersecting);
        if (visible) setNear(true);
        if (visible) playIfWanted();
        else if (!element.paused) element.pause();
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.removeEventListener('load', onLoad);
      detach();
    };
  }, [video, afterLoad]);

  const toggle = useCallback(() => {
    const element = video.current;
    if (!element) return;
    if (element.paused) {
      pausedByReader.current = false;
      element.play()?.catch(() => undefined);
    } else {
      pausedByReader.current = true;
      element.pause();
    }
  }, [video]);

  return { playing, started, near, toggle };
}
