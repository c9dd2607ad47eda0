import { authMessages } from '@memoreel/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fakeAuthClient } from '../../../testing/auth-fixtures';
import type { BotChallenge } from '../auth-api';
import { AuthProvider } from '../auth-provider';
import AltchaWidget from './altcha-widget';

// The real widget solves proof of work in workers; the spec drives a stand-in element's events.
vi.mock('altcha/external', () => ({}));
vi.mock('altcha/altcha.css', () => ({}));
vi.mock('altcha/workers/sha?worker', () => ({ default: class {} }));
vi.hoisted(() => {
  Object.assign(globalThis, { $altcha: { algorithms: new Map() } });
});

beforeAll(() => {
  if (!customElements.get('altcha-widget'))
    customElements.define('altcha-widget', class extends HTMLElement {});
});

function widget() {
  const element = document.querySelector('altcha-widget');
  if (!element) throw new Error('no widget on screen');
  return {
    challenge: element.getAttribute('challenge'),
    emit: (type: string, detail: object = {}) =>
      act(() => {
        element.dispatchEvent(new CustomEvent(type, { detail }));
      }),
  };
}

function renderWidget(challenges: BotChallenge[], props: { onReset?: () => void } = {}) {
  const botChallenge = vi.fn();
  for (const challenge of challenges) botChallenge.mockResolvedValueOnce(challenge);
  const onVerified = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider client={fakeAuthClient({ botChallenge })}>
        <AltchaWidget onVerified={onVerified} {...props} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { onVerified, botChallenge };
}

/** A widget showing its first challenge, with a second to come; answers the onReset spy. */
async function renderWidgetWithSecondChallenge() {
  const onReset = vi.fn();
  renderWidget([altcha('first'), altcha('second')], { onReset });
  await screen.findByText('', { selector: 'altcha-widget' });
  return onReset;
}

const altcha = (name: string): BotChallenge => ({
  provider: 'altcha',
  challengeJson: `{"challenge":"${name}"}`,
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the bot check', () => {
  it('hands over the token once the challenge from the gateway is solved', async () => {
    const { onVerified } = renderWidget([altcha('first')]);
    await screen.findByText('', { selector: 'altcha-widget' });

    expect(widget().challenge).toBe('{"challenge":"first"}');
    await widget().emit('verified', { payload: 'solved-token' });

    expect(onVerified).toHaveBeenCalledWith('solved-token');
  });

  it('says verification failed and starts over with a new challenge 1.5 s later', async () => {
    const onReset = await renderWidgetWithSecondChallenge();
    // From here time moves only when the test says so: a busy machine must not eat into the 1.5 s.
    vi.useFakeTimers({ shouldAdvanceTime: false });

    await widget().emit('statechange', { state: 'error' });
    expect(screen.getByRole('alert').textContent).toBe(authMessages.botCheck.failed);
    await act(() => vi.advanceTimersByTimeAsync(1_499));
    expect(onReset).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));

    expect(onReset).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(widget().challenge).toBe('{"challenge":"second"}'));
  });

  it('gives up on a solve after 30 s', async () => {
    const onReset = await renderWidgetWithSecondChallenge();

    await widget().emit('statechange', { state: 'verifying' });
    await act(() => vi.advanceTimersByTimeAsync(30_000));

    expect(screen.getByRole('alert').textContent).toBe(authMessages.botCheck.timedOut);
    expect(onReset).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(widget().challenge).toBe('{"challenge":"second"}'));
  });

  it('starts over when the solved challenge expires', async () => {
    const onReset = await renderWidgetWithSecondChallenge();

    await widget().emit('expired');

    expect(onReset).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(widget().challenge).toBe('{"challenge":"second"}'));
  });

  it('explains that Turnstile is configured instead', async () => {
    renderWidget([{ provider: 'turnstile', siteKey: 'site-key' }]);

    expect((await screen.findByRole('alert')).textContent).toMatch(/Cloudflare Turnstile/);
  });
});
