import type { AnyRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { markPrerenderedStart } from './prerendered-start';

/**
 * The landing pages arrive prerendered (scripts/prerender-landing.mjs), so their first paint needs
 * no script; that markup stays `inert` until the app renders its own, identical, tree over it in a
 * single commit. Why not `hydrateRoot`: the theme provider reads the system colour scheme with no
 * server snapshot, and the visitor's stored theme differs from the build's defaults, so hydration
 * would fail and re-render everything anyway, with errors in the console.
 */

const PRERENDERED = 'data-prerendered';

export function isPrerendered(container: HTMLElement): boolean {
  return container.hasAttribute(PRERENDERED);
}

/** The running CSS animations (the demo previews) under `container`, keyed by name and order. */
function cssAnimationsIn(container: HTMLElement): Map<string, CSSAnimation> {
  const animations = new Map<string, CSSAnimation>();
  const counts = new Map<string, number>();
  for (const animation of container.getAnimations({ subtree: true })) {
    if (!(animation instanceof CSSAnimation)) continue;
    const count = counts.get(animation.animationName) ?? 0;
    counts.set(animation.animationName, count + 1);
    animations.set(`${animation.animationName}#${count}`, animation);
  }
  return animations;
}

/**
 * Replaces the prerendered markup with the live app, unseen: the route's code loads first (else the
 * first commit would be the router's pending screen), the commit is synchronous, and the new
 * elements' animations carry on from where the old ones were instead of starting over.
 */
export async function takeOverPrerenderedPage(
  container: HTMLElement,
  router: AnyRouter,
  app: ReactNode,
): Promise<void> {
  await router.load();
  const startTimes = new Map(
    [...cssAnimationsIn(container)].map(([key, animation]) => [key, animation.startTime]),
  );
  markPrerenderedStart();
  flushSync(() => createRoot(container).render(app));
  for (const [key, animation] of cssAnimationsIn(container)) {
    const startTime = startTimes.get(key);
    if (startTime !== undefined && startTime !== null) animation.startTime = startTime;
  }
  container.removeAttribute('inert');
  // React has put up its own <title> by now; the build's copy would outlive the landing page.
  document.head.querySelector(`title[${PRERENDERED}]`)?.remove();
}
