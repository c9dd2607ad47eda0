import { useNavigate } from '@tanstack/react-router';
import { createContext, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useProvided } from '../../lib/use-provided';
import { useAuth } from '../account/auth-provider';
import { hasAnyProject } from '../project/initial-project';

interface GetStarted {
  /** "Get Started" / "Start Your Free Video": a first project for newcomers, the dashboard for others. */
  startGetStarted: () => void;
}

const GetStartedContext = createContext<GetStarted | null>(null);

// The overlay brings the bot check with it; both load on the first click.
const GetStartedOverlay = lazy(() => import('./get-started-overlay'));

export function GetStartedProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [running, setRunning] = useState(false);

  const value = useMemo<GetStarted>(
    () => ({
      startGetStarted: () => {
        void (async () => {
          if (user && (await hasAnyProject())) await navigate({ to: '/dashboard' });
          else setRunning(true);
        })();
      },
    }),
    [user, navigate],
  );

  return (
    <GetStartedContext value={value}>
      {children}
      {running && (
        <Suspense fallback={null}>
          <GetStartedOverlay onClose={() => setRunning(false)} />
        </Suspense>
      )}
    </GetStartedContext>
  );
}

export function useGetStarted(): GetStarted {
  return useProvided(GetStartedContext, 'useGetStarted must be used within a GetStartedProvider');
}
