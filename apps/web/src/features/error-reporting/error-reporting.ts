import type { AnyRouter } from '@tanstack/react-router';
import { version } from '../../../package.json';

/** The spec's error-reporting sample rate; tracing samples the same share of page loads. */
export const ERROR_REPORTING_SAMPLE_RATE = 0.1;

export interface ErrorReportingOptions {
  dsn: string;
  /** Recorded as the event's `release`: the web app's version. */
  release: string;
  sampleRate: number;
  tracesSampleRate: number;
  /** Names page-load and navigation spans by route (`/p/$projectId`), not by URL. */
  router?: AnyRouter;
}

/** Caught before Sentry has loaded; replayed once it has (a few, so a render loop cannot pile up). */
const pending: unknown[] = [];
const MAX_PENDING = 10;
let report: ((error: unknown) => void) | undefined;

/** Sends an error the app caught (error boundaries, the router) to Sentry; nothing without a DSN. */
export function reportError(error: unknown): void {
  if (report) report(error);
  else if (pending.length < MAX_PENDING) pending.push(error);
}

/**
 * Loads and starts Sentry: a chunk of its own, imported only here, so the landing page's first
 * download does not carry it.
 */
export async function startErrorReporting(options: ErrorReportingOptions): Promise<void> {
  const sentry = await import('./sentry-client');
  sentry.initSentry(options);
  report = sentry.captureError;
  for (const error of pending.splice(0)) report(error);
}

/** From the build's environment: `VITE_SENTRY_DSN` turns reporting on; without it nothing loads. */
export function errorReportingFromBuild(router: AnyRouter): ErrorReportingOptions | undefined {
  const dsn = import.meta.env.VITE_SENTRY_DSN as string | undefined;
  if (!dsn) return undefined;
  return {
    dsn,
    release: `memoreel-web@${version}`,
    sampleRate: ERROR_REPORTING_SAMPLE_RATE,
    tracesSampleRate: ERROR_REPORTING_SAMPLE_RATE,
    router,
  };
}

/** Runs `start` once the page has loaded and painted, off the first render's critical path. */
export function afterFirstPaint(start: () => void): void {
  const later = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
