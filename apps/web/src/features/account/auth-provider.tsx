import type { User } from '@memoreel/contracts';
import { createContext, type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { announceIdentityChange, setAccessTokenGetter } from '../../lib/access-token';
import { useLatest } from '../../lib/use-latest';
import { useProvided } from '../../lib/use-provided';
import type { PublicSession } from './auth-api';
import type { AuthClient, AuthListener } from './auth-client';

export interface AuthState {
  /** True until the first session check has answered (spec §4 "Auth loading"). */
  loading: boolean;
  session: PublicSession | null;
  user: User | null;
  /** A guest: a session without an e-mail address. */
  isAnonymous: boolean;
  /** A sign-in that passed its password and waits for the authenticator code (decision 0027). */
  secondFactorPending: PublicSession | null;
  client: AuthClient;
}

const AuthContext = createContext<AuthState | null>(null);

function stateOf(client: AuthClient, loading: boolean): AuthState {
  const session = client.getSession();
  const user = session?.user ?? null;
  return {
    loading,
    session,
    user,
    isAnonymous: user?.isAnonymous ?? false,
    secondFactorPending: client.getPendingSecondFactor(),
    client,
  };
}

export function AuthProvider({ client, children }: { client: AuthClient; children: ReactNode }) {
  const [state, setState] = useState(() => stateOf(client, true));

  useEffect(() => {
    setAccessTokenGetter(() => client.accessToken());
    const stopListening = client.onAuthStateChange((event) => {
      setState(stateOf(client, false));
      // The live socket authenticates once: after a sign-in, a sign-out or a renewed token it must
      // reconnect with the token of now (the gateway closes it when the old one expires).
      if (
        event === 'SIGNED_IN' ||
        event === 'SIGNED_OUT' ||
        event === 'TOKEN_REFRESHED' ||
        event === 'MFA_CHALLENGE_VERIFIED'
      )
        announceIdentityChange();
    });
    const stopWatchingSecondFactor = client.onSecondFactorChange(() =>
      setState((current) => stateOf(client, current.loading)),
    );
    // Also covers a provider mounted after the first check already answered.
    void client.start().then(() => setState(stateOf(client, false)));
    return () => {
      stopListening();
      stopWatchingSecondFactor();
      client.stop();
    };
  }, [client]);

  return <AuthContext value={state}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  return useProvided(AuthContext, 'useAuth must be used inside <AuthProvider>');
}

/** Runs `listener` on every auth event while the component is mounted; the latest listener always runs. */
export function useAuthEvents(listener: AuthListener): void {
  const { client } = useAuth();
  const latest = useLatest(listener);
  // A layout effect, so a provider that mounts with a screen is listening before that screen's own
  // effects run (e.g. /auth/callback announcing a password recovery on its first render).
  useLayoutEffect(
    () => client.onAuthStateChange((event, session) => latest.current(event, session)),
    [client, latest],
  );
}
