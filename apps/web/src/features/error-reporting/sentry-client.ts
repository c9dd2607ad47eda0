import * as Sentry from '@sentry/react';
import { GraphQLRequestError } from '../../lib/graphql';
import type { ErrorReportingOptions } from './error-reporting';

/** Lazily loaded (error-reporting.ts): Sentry's browser client with TanStack Router tracing. */
export function initSentry(options: ErrorReportingOptions): void {
  Sentry.init({
    dsn: options.dsn,
    release: options.release,
    sampleRate: options.sampleRate,
    tracesSampleRate: options.tracesSampleRate,
    integrations: options.router ? [Sentry.tanstackRouterBrowserTracingIntegration(options.router)] : [],
    // The gateway's answers (not found, validation, its own faults, which it reports itself) are not SPA bugs.
    beforeSend: (event, hint) => (hint.originalException instanceof GraphQLRequestError ? null : event),
  });
}

export function captureError(error: unknown): void {
  Sentry.captureException(error);
}
