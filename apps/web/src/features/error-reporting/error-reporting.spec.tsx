import { type SentryReceiver, startSentryReceiver } from '@memoreel/testing/sentry-receiver';
import * as Sentry from '@sentry/react';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '../../shell/app-error-boundary';
import { ROUTE_ERROR_TEXT } from '../../shell/route-error-page';
import { reportError, startErrorReporting } from './error-reporting';

function Broken(): never {
  throw new Error('The photo grid fell over');
}

/** The real Sentry browser client, sending to a local receiver of Sentry's envelope protocol. */
describe('error reporting in the SPA', () => {
  let receiver: SentryReceiver;

  beforeAll(async () => {
    receiver = await startSentryReceiver();
  });

  afterAll(async () => {
    await Sentry.close(2000);
    await receiver?.close();
  });

  it('an error a component throws reaches Sentry once, with the release, and the page says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Caught before Sentry has loaded: kept and sent once it has.
    reportError(new Error('Caught before Sentry loaded'));
    await startErrorReporting({
      dsn: receiver.dsn,
      release: 'memoreel-web@test',
      sampleRate: 1,
      tracesSampleRate: 0,
    });
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: ROUTE_ERROR_TEXT.title })).toBeTruthy();
    await Sentry.flush(2000);
    await vi.waitFor(() => expect(receiver.eventsWith('The photo grid fell over')).toHaveLength(1));
    expect(receiver.eventsWith('Caught before Sentry loaded')).toHaveLength(1);
    expect(receiver.eventsWith('The photo grid fell over')[0]?.release).toBe('memoreel-web@test');
  });
});
