import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthClient, sampleGuest, sampleSession, sampleUser } from '../../testing/auth-fixtures';
import { renderApp } from '../../testing/render-app';
import { stubGraphQL } from '../project/fake-graphql';
import { AuthApiError } from './auth-api';
import type { BotCheckProps } from './bot-check/bot-check';

// The gate's bot check solves itself (auto); here it answers at once.
vi.mock('./bot-check/bot-check', async () => {
  const { useEffect } = await import('react');
  return {
    BotCheck: ({ onVerified }: BotCheckProps) => {
      useEffect(() => onVerified('solved-bot-check'), [onVerified]);
      return null;
    },
  };
});

describe('the guest gate on login-required screens', () => {
  it('lets a signed-in user straight in', async () => {
    stubGraphQL({ projects: () => [], projectCount: () => 0 });
    renderApp(
      '/dashboard',
      fakeAuthClient({ refreshSession: vi.fn().mockResolvedValue(sampleSession(sampleUser())) }),
    );

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('makes a visitor a guest with the solved bot check', async () => {
    const signInAnonymously = vi.fn().mockResolvedValue(sampleSession(sampleGuest()));
    stubGraphQL({ projects: () => [], projectCount: () => 0 });
    renderApp('/select-photos', fakeAuthClient({ signInAnonymously }));

    expect(
      await screen.findByRole('heading', { name: 'Choose a project to add photos to' }, { timeout: 3_000 }),
    ).toBeTruthy();
    expect(signInAnonymously).toHaveBeenCalledExactlyOnceWith('solved-bot-check');
  });

  it('sends the visitor to /login when the guest session fails', async () => {
    const signInAnonymously = vi
      .fn()
      .mockRejectedValue(new AuthApiError('Too many requests. Please try again later.', 'x', 429));
    const { router } = renderApp('/admin/music', fakeAuthClient({ signInAnonymously }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3_000 });
    expect(router.state.location.search).toEqual({ redirect: '/admin/music' });
    expect(await screen.findByText('Failed to create anonymous session')).toBeTruthy();
  });

  it('shows "Loading..." while the first session check runs', async () => {
    renderApp('/projects', fakeAuthClient({ refreshSession: vi.fn(() => new Promise<never>(() => {})) }));

    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
  });
});
