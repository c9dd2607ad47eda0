import { useNavigate, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useRef } from 'react';
import { toast } from 'sonner';
import { FullPageLoading } from '../../shell/full-page-loading';
import { useAuth } from './auth-provider';
import { BotCheck } from './bot-check/bot-check';
import { guestSessionFailure, startGuestSession } from './guest-session';

/**
 * Spec §4 "Guest gate" for the login-required screens: a visitor without a session becomes a guest
 * after a bot check, so they can start at once; if that fails they are sent to /login.
 */
export function GuestGate({ children }: { children: ReactNode }) {
  const { loading, user, secondFactorPending } = useAuth();
  if (user) return children;
  // A sign-in waiting for its authenticator code (the auth modal asks for it) is no visitor to make a guest.
  if (loading || secondFactorPending) return <FullPageLoading />;
  return <GuestSignIn />;
}

function GuestSignIn() {
  const { client } = useAuth();
  const navigate = useNavigate();
  const here = useRouterState({ select: (router) => router.location.href });
  const started = useRef(false);

  const fail = (error: unknown) => {
    const { title, description } = guestSessionFailure(error);
    toast.error(title, { description });
    void navigate({ to: '/login', search: { redirect: here }, replace: true });
  };
  const signInAsGuest = (token: string) => {
    if (started.current) return;
    started.current = true;
    startGuestSession(client, token).catch(fail);
  };

  return (
    <FullPageLoading>
      <BotCheck auto onVerified={signInAsGuest} onUnavailable={(reason) => fail(new Error(reason))} />
    </FullPageLoading>
  );
}
