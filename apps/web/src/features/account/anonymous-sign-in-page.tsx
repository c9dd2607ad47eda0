import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { MemoreelMark } from '../../shell/memoreel-logo';
import { authLabels } from './auth-labels';
import { useAuth } from './auth-provider';
import { BotCheck } from './bot-check/bot-check';
import { guestSessionFailure, startGuestSession } from './guest-session';

/** Spec §2: the anonymous sign-in page: a visible bot check, a guest session, then the redirect target. */
export function AnonymousSignInPage({ redirect }: { redirect: string }) {
  const { client } = useAuth();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [starting, setStarting] = useState(false);
  const started = useRef(false);

  const signInAsGuest = async (token: string) => {
    if (started.current) return;
    started.current = true;
    setStarting(true);
    try {
      await startGuestSession(client, token);
      await navigate({ to: redirect, replace: true });
    } catch (error) {
      const { title, description } = guestSessionFailure(error);
      toast.error(title, { description });
      started.current = false;
      setStarting(false);
      setAttempt((current) => current + 1);
    }
  };

  return (
    <section className="mx-auto flex min-h-[calc(100dvh-4rem)] max-w-sm flex-col justify-center px-4 py-10">
      <title>{`${authLabels.guestTitle} · Memoreel`}</title>
      <div className="grid justify-items-center gap-2 rounded-2xl border bg-card p-6 text-center shadow-primary/5 shadow-xl sm:p-8">
        <MemoreelMark className="mb-1 size-11" />
        <h1 className="font-display font-medium text-2xl tracking-tight">{authLabels.guestTitle}</h1>
        <p className="text-muted-foreground text-sm">{authLabels.guestDescription}</p>
        <div className="mt-5 grid w-full gap-3 text-left">
          <BotCheck key={attempt} auto onVerified={(token) => void signInAsGuest(token)} />
          {starting && (
            <p role="status" className="text-center text-muted-foreground text-sm">
              {authLabels.signingIn}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
