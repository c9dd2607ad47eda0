import { authMessages } from '@memoreel/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthClient, sampleGuest, sampleSession, sampleUser } from '../../testing/auth-fixtures';
import { renderApp } from '../../testing/render-app';
import { AuthApiError } from '../account/auth-api';
import type { BotCheckProps } from '../account/bot-check/bot-check';
import { createInitialProject } from '../project/initial-project';

vi.mock('../account/bot-check/bot-check', () => ({
  BotCheck: ({ onVerified }: BotCheckProps) => (
    <button type="button" onClick={() => onVerified('solved-bot-check')}>
      Solve bot check
    </button>
  ),
}));

vi.mock('../project/initial-project', () => ({
  createInitialProject: vi.fn(async () => ({ id: 'first-project' })),
  hasAnyProject: vi.fn(async () => false),
}));

describe('Get Started', () => {
  it('sets up a guest workspace and opens the first project', async () => {
    const signInAnonymously = vi.fn().mockResolvedValue(sampleSession(sampleGuest()));
    const { router } = renderApp('/', fakeAuthClient({ signInAnonymously }));

    fireEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    expect(await screen.findByText('Setting up your workspace...', {}, { timeout: 3_000 })).toBeTruthy();
    expect(screen.getByText('This will only take a moment')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Solve bot check' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/project/first-project/photos'), {
      timeout: 3_000,
    });
    expect(signInAnonymously).toHaveBeenCalledWith('solved-bot-check');
    await waitFor(() => expect(screen.queryByText('Setting up your workspace...')).toBeNull());
  });

  it('starts from the hero too, without a bot check for a signed-in user', async () => {
    const { router } = renderApp(
      '/',
      fakeAuthClient({ refreshSession: vi.fn().mockResolvedValue(sampleSession(sampleUser())) }),
    );
    await screen.findByRole('button', { name: 'Account menu' });

    fireEvent.click(screen.getByRole('button', { name: /Start Your Free Video/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/project/first-project/photos'), {
      timeout: 3_000,
    });
  });

  it('closes with an error toast when the guest session fails', async () => {
    const signInAnonymously = vi.fn().mockRejectedValue(new AuthApiError('Too many requests.', 'x', 429));
    const { router } = renderApp('/', fakeAuthClient({ signInAnonymously }));

    fireEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Solve bot check' }, { timeout: 3_000 }));

    expect(await screen.findByText(authMessages.getStarted.failedToStart)).toBeTruthy();
    expect(screen.queryByText('Setting up your workspace...')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('closes with "Failed to create project" when the project cannot be made', async () => {
    vi.mocked(createInitialProject).mockRejectedValueOnce(new Error('Storage is full'));
    renderApp(
      '/',
      fakeAuthClient({ refreshSession: vi.fn().mockResolvedValue(sampleSession(sampleUser())) }),
    );
    await screen.findByRole('button', { name: 'Account menu' });

    fireEvent.click(screen.getByRole('button', { name: /Start Your Free Video/ }));

    expect(
      await screen.findByText(authMessages.getStarted.failedToCreate, {}, { timeout: 3_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Storage is full')).toBeTruthy();
  });
});
