import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthClient, sampleGuest, sampleSession } from '../../testing/auth-fixtures';
import { renderApp } from '../../testing/render-app';
import type { BotCheckProps } from './bot-check/bot-check';

vi.mock('./bot-check/bot-check', () => ({
  BotCheck: ({ onVerified }: BotCheckProps) => (
    <button type="button" onClick={() => onVerified('solved-bot-check')}>
      Solve bot check
    </button>
  ),
}));

describe('/login', () => {
  it('welcomes the visitor with the sign-in form and a way in without an account', async () => {
    renderApp('/login');

    expect(
      await screen.findByRole('heading', { name: 'Welcome to Memoreel' }, { timeout: 3_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Sign in to start creating amazing videos')).toBeTruthy();
    expect(screen.getByText('Or continue with')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy();
    // The embedded form has no external providers (spec §2).
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Solve bot check' })).toBeNull();
  });

  it('continues as a guest after the bot check, to where the visitor was going', async () => {
    const signInAnonymously = vi.fn().mockResolvedValue(sampleSession(sampleGuest()));
    const { router } = renderApp('/login?redirect=%2Fprojects', fakeAuthClient({ signInAnonymously }));

    fireEvent.click(
      await screen.findByRole('button', { name: 'Continue without signing in' }, { timeout: 3_000 }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Solve bot check' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'), { timeout: 3_000 });
    expect(signInAnonymously).toHaveBeenCalledWith('solved-bot-check');
  });

  it('takes a signed-in user on to the dashboard', async () => {
    const { router } = renderApp(
      '/login',
      fakeAuthClient({ refreshSession: vi.fn().mockResolvedValue(sampleSession()) }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('/auth/anonymous', () => {
  it('signs in as a guest after the visible bot check, then goes to `redirect`', async () => {
    const signInAnonymously = vi.fn().mockResolvedValue(sampleSession(sampleGuest()));
    const { router } = renderApp('/auth/anonymous?redirect=%2Ftools', fakeAuthClient({ signInAnonymously }));

    fireEvent.click(await screen.findByRole('button', { name: 'Solve bot check' }, { timeout: 3_000 }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/tools'), { timeout: 3_000 });
  });
});
