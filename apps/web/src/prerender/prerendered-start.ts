let startedPrerendered = false;

/** Called once the app has rendered over a prerendered page (see take-over-prerendered-page.ts). */
export function markPrerenderedStart(): void {
  startedPrerendered = true;
}

/**
 * True once, on the first ask after the app took over a prerendered page: the reader may have
 * scrolled before the script arrived, and the landing page then leaves them where they are.
 */
export function consumePrerenderedStart(): boolean {
  const started = startedPrerendered;
  startedPrerendered = false;
  return started;
}
