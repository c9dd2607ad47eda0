import { authMessages } from '@memoreel/contracts';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MemoreelMark } from '../../shell/memoreel-logo';
import { Button } from '../../ui/button';
import { viewHeadings } from './auth-labels';
import type { AuthView } from './auth-modal-state';
import { useAuth } from './auth-provider';
import { BotCheck } from './bot-check/bot-check';
import { AuthViews } from './forms/auth-views';
import { Divider } from './forms/form-kit';
import { guestSessionFailure, startGuestSession } from './guest-session';

/** The welcome screen (spec §1, §2): sign in, or carry on as a guest after a bot check. */
export function LoginPage({ redirect }: { redirect: string }) {
  const { user, isAnonymous, secondFactorPending } = useAuth();
  const [view, setView] = useState<AuthView>('sign_in');
  // While the authenticator code is asked for, that form is all the page shows.
  const offersGuest = (view === 'sign_in' || view === 'sign_up') && !secondFactorPending;
  const viewHeading = viewHeadings[view];

  // Signed in with an account (also right after signing in here): nothing left to do on this page.
  if (user && !isAnonymous) return <Navigate to={redirect} replace />;
  return (
    <section className="mx-auto flex min-h-[calc(100dvh-4rem)] max-w-md flex-col justify-center px-4 py-10 sm:px-6">
      <title>Sign in · Memoreel</title>
      <div className="rounded-2xl border bg-card p-6 shadow-primary/5 shadow-xl sm:p-8">
        <header className="grid justify-items-center gap-2 text-center">
          <MemoreelMark className="mb-1 size-11" />
          <h1 className="font-display font-medium text-3xl tracking-tight">{authMessages.welcome.title}</h1>
          <p className="text-muted-foreground text-sm">{authMessages.welcome.description}</p>
        </header>
        <div className="mt-7 grid gap-5">
          {offersGuest ? (
            <>
              <ContinueAsGuest redirect={redirect} />
              <Divider>{authMessages.modal.orContinueWith}</Divider>
            </>
          ) : (
            viewHeading &&
            !secondFactorPending && (
              <div className="grid gap-1">
                <h2 className="font-medium text-base">{viewHeading.title}</h2>
                <p className="text-muted-foreground text-sm">{viewHeading.description}</p>
              </div>
            )
          )}
          <AuthViews view={view} onShowView={setView} returnTo={redirect} />
        </div>
      </div>
    </section>
  );
}

/** "Continue without signing in": the bot check appears on demand, then a guest session starts. */
function ContinueAsGuest({ redirect }: { redirect: string }) {
  const { client } = useAuth();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [starting, setStarting] = useState(false);

  const signInAsGuest = async (token: string) => {
    setStarting(true);
    try {
      await startGuestSession(client, token);
      await navigate({ to: redirect });
    } catch (error) {
      const { title, description } = guestSessionFailure(error);
      toast.error(title, { description });
      setChecking(false);
      setStarting(false);
    }
  };

  return (
    <div className="grid gap-3">
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        disabled={checking}
        aria-busy={starting}
        onClick={() => setChecking(true)}
      >
        <UserRound aria-hidden="true" />
        {authMessages.modal.continueWithoutSignIn}
      </Button>
      {checking && <BotCheck auto onVerified={(token) => void signInAsGuest(token)} />}
    </div>
  );
}
