// A classic script on prerendered pages and the shared video page only (scripts/prerender-landing.mjs
// moves the app's own <script> and modulepreload tags into <template id="app-scripts">). The app's
// download and start-up then wait until the page is on screen: they no longer compete with the
// stylesheet (or the page's photo) for a slow connection, nor hold up the first paint; the app takes
// over the markup a moment later.

const APP_SCRIPTS_ID = 'app-scripts';
/** In case a browser never reports the paint: the page must not stay inert for good. */
const START_AT_THE_LATEST_MS = 3_000;

let started = false;

function startApp(): void {
  if (started) return;
  started = true;
  const scripts = document.getElementById(APP_SCRIPTS_ID);
  // Nodes cloned out of a <template> are live: the module script runs once it is in the document.
  if (scripts instanceof HTMLTemplateElement) {
    document.head.append(document.importNode(scripts.content, true));
  }
}

/** Runs `callback` once the browser reports the first contentful paint as presented. */
function afterFirstContentfulPaint(callback: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    callback();
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    callback();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * Runs `callback` once the page's high-priority images (the shared video page's photo, its LCP
 * element) have loaded or failed: on a phone the app's download must not slow them down.
 */
function afterPriorityImages(callback: () => void): void {
  const pending = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter(
    (image) => !image.complete,
  );
  let left = pending.length;
  if (left === 0) {
    callback();
    return;
  }
  const settled = () => {
    left -= 1;
    if (left === 0) callback();
  };
  for (const image of pending) {
    image.addEventListener('load', settled, { once: true });
    image.addEventListener('error', settled, { once: true });
  }
}

// By now the whole document is parsed; the next frame paints all of it (a frame callback runs just
// before a paint, a task queued from it just after).
function startAfterPaint(): void {
  // A hidden page paints nothing: start at once, and likewise if the page is hidden while waiting.
  if (document.visibilityState === 'hidden') {
    startApp();
    return;
  }
  document.addEventListener('visibilitychange', startApp, { once: true });
  setTimeout(startApp, START_AT_THE_LATEST_MS);
  afterFirstContentfulPaint(() =>
    afterPriorityImages(() => requestAnimationFrame(() => setTimeout(startApp))),
  );
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startAfterPaint);
else startAfterPaint();
