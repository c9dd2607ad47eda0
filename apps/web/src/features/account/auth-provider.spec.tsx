import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bearerAuthorization, onIdentityChange } from '../../lib/access-token';
import { fakeAuthClient, sampleGuest, sampleSession } from '../../testing/auth-fixtures';
import type { PublicSession } from './auth-api';
import { AuthProvider, useAuth } from './auth-provider';

function AuthProbe() {
  const { loading, user, isAnonymous } = useAuth();
  return <p>{loading ? 'loading' : `${user?.id ?? 'nobody'} anonymous=${isAnonymous}`}</p>;
}

describe('AuthProvider', () => {
  it('is loading until the first session check answers, then holds the user', async () => {
    const guest = sampleGuest();
    let answer: (session: PublicSession) => void = () => {};
    const client = fakeAuthClient({
      refreshSession: vi.fn(
        () =>
          new Promise<PublicSession>((resolve) => {
            answer = resolve;
          }),
      ),
    });
    render(
      <AuthProvider client={client}>
        <AuthProbe />
      </AuthProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();

    const session = sampleSession(guest);
    await act(async () => answer(session));

    expect(screen.getByText(`${guest.id} anonymous=true`)).toBeTruthy();
    expect(bearerAuthorization()).toBe(`Bearer ${session.accessToken}`);
  });

  it('follows sign-outs', async () => {
    const client = fakeAuthClient({ refreshSession: vi.fn().mockResolvedValue(sampleSession()) });
    render(
      <AuthProvider client={client}>
        <AuthProbe />
      </AuthProvider>,
    );
    await screen.findByText(/anonymous=false/);

    await act(() => client.signOut());

    expect(screen.getByText('nobody anonymous=false')).toBeTruthy();
    expect(bearerAuthorization()).toBeNull();
  });

  it('has the live socket re-authenticate when the token is renewed (and on sign-in and sign-out)', async () => {
    const client = fakeAuthClient({ refreshSession: vi.fn().mockResolvedValue(sampleSession()) });
    const reconnects = vi.fn();
    const stop = onIdentityChange(reconnects);
    try {
      render(
        <AuthProvider client={client}>
          <AuthProbe />
        </AuthProvider>,
      );
      await screen.findByText(/anonymous=false/);
      reconnects.mockClear();

      await act(() => client.refresh());
      expect(reconnects).toHaveBeenCalledTimes(1);

      await act(() => client.signOut());
      expect(reconnects).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
  });

  it('must wrap whatever reads it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<AuthProbe />)).toThrow('useAuth must be used inside <AuthProvider>');
  });
});
