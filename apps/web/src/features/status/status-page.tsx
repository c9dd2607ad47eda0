import { useAuth } from '../account/auth-provider';
import { ReadinessCard } from './readiness-card';
import { SignInToCheckCard, SystemCheckCard } from './system-check-card';

/** /status: proves the platform wiring end to end, for ops and for anyone wondering if we are up. */
export function StatusPage() {
  const { loading, user, isAnonymous } = useAuth();
  // The probe goes through every service and the live socket: it is for account holders (issue 31),
  // while anyone sees whether each dependency is up.
  const canProbe = !loading && user !== null && !isAnonymous;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <title>System check · Memoreel</title>
      <header className="max-w-2xl">
        <h1 className="font-display font-medium text-3xl tracking-tight sm:text-4xl">System check</h1>
        <p className="mt-3 text-muted-foreground">
          A probe travels from your browser to the projects service, through the event stream to the sharing
          service, and back to this page as a live update.
        </p>
      </header>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {canProbe ? <SystemCheckCard /> : <SignInToCheckCard />}
        <ReadinessCard />
      </div>
    </div>
  );
}
