import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthClient, sampleSession } from '../../testing/auth-fixtures';
import { renderApp } from '../../testing/render-app';

const signedIn = () => fakeAuthClient({ refreshSession: vi.fn().mockResolvedValue(sampleSession()) });

describe('/auth/callback', () => {
  it('goes on to `next` once the session is there', async () => {
    const { router } = renderApp('/auth/callback?type=signup&next=%2Fdashboard', signedIn());

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('opens the new-password view after a recovery link', async () => {
    const { router } = renderApp('/auth/callback?type=recovery&next=%2F', signedIn());

    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the error the gateway sent back', async () => {
    renderApp(
      '/auth/callback?error=access_denied&error_code=otp_expired&error_description=Token+has+expired+or+is+invalid',
    );

    expect((await screen.findByRole('alert')).textContent).toBe('Token has expired or is invalid');
  });

  it('says so when no session came with the link', async () => {
    renderApp('/auth/callback?type=magiclink&next=%2F');

    expect((await screen.findByRole('alert')).textContent).toBe('No session defined in URL');
  });

  it('never follows `next` off the site', async () => {
    const { router } = renderApp('/auth/callback?type=signup&next=https%3A%2F%2Fevil.example', signedIn());

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
