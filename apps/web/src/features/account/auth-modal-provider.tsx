import { authMessages } from '@memoreel/contracts';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { createContext, lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useProvided } from '../../lib/use-provided';
import { afterSignInDestination } from './after-sign-in';
import type { AuthModalMode, AuthModalState, AuthView } from './auth-modal-state';
import { CLOSED_AUTH_MODAL } from './auth-modal-state';
import { useAuth, useAuthEvents } from './auth-provider';

export interface OpenAuthModalOptions {
  /** Runs instead of the usual redirect once the user is signed in, then is forgotten. */
  onSignedIn?: () => void;
}

export interface AuthModalControls {
  state: AuthModalState;
  openAuthModal: (mode: AuthModalMode, options?: OpenAuthModalOptions) => void;
  closeAuthModal: () => void;
  /** Moves between the embedded views; sign_in and sign_up also change the modal's title. */
  showView: (view: AuthView) => void;
}

const AuthModalContext = createContext<AuthModalControls | null>(null);

// The modal, its forms and zod load on first use, keeping them out of the landing page's first download.
const loadAuthModal = () => import('./auth-modal');
const AuthModal = lazy(loadAuthModal);

/** Starts loading the modal ahead of a likely click (hover or focus on "Sign In"). */
export function preloadAuthModal(): void {
  void loadAuthModal();
}

export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthModalState>(CLOSED_AUTH_MODAL);
  const [everOpened, setEverOpened] = useState(false);
  const onSignedIn = useRef<(() => void) | null>(null);
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (router) => router.location.pathname });
  const { secondFactorPending } = useAuth();
  const pendingSince = secondFactorPending?.accessToken;

  const controls = useMemo<AuthModalControls>(
    () => ({
      state,
      openAuthModal: (mode, options) => {
        onSignedIn.current = options?.onSignedIn ?? null;
        setEverOpened(true);
        setState({ open: true, mode, view: mode === 'sign_up' ? 'sign_up' : 'sign_in', notice: null });
      },
      closeAuthModal: () => {
        onSignedIn.current = null;
        setState((current) => ({ ...current, open: false }));
      },
      showView: (view) =>
        setState((current) => ({
          ...current,
          view,
          notice: null,
          mode: view === 'sign_in' || view === 'sign_up' ? view : current.mode,
        })),
    }),
    [state],
  );

  // A reload between password and code: the modal asks for the code (the /login page shows it itself).
  useEffect(() => {
    if (!pendingSince || pathname === '/login') return;
    setEverOpened(true);
    setState((current) =>
      current.open ? current : { open: true, mode: 'sign_in', view: 'sign_in', notice: null },
    );
  }, [pendingSince, pathname]);

  useAuthEvents((event) => {
    if (event === 'PASSWORD_RECOVERY') {
      setEverOpened(true);
      setState({ open: true, mode: 'sign_in', view: 'update_password', notice: null });
    } else if (event === 'USER_UPDATED' && state.open && state.view === 'update_password') {
      setState({ ...state, view: 'sign_in', notice: authMessages.formKit.passwordUpdated });
    } else if ((event === 'SIGNED_IN' || event === 'MFA_CHALLENGE_VERIFIED') && state.open) {
      const callback = onSignedIn.current;
      onSignedIn.current = null;
      setState({ ...state, open: false });
      if (callback) callback();
      else {
        const destination = afterSignInDestination(pathname, state.mode);
        if (destination) void navigate({ to: destination });
      }
    }
  });

  return (
    <AuthModalContext value={controls}>
      {children}
      {everOpened && (
        <Suspense fallback={null}>
          <AuthModal />
        </Suspense>
      )}
    </AuthModalContext>
  );
}

/** Opens and closes the auth modal; spec §8: using it outside its provider is an error. */
export function useAuthModal(): AuthModalControls {
  return useProvided(AuthModalContext, 'useAuthModal must be used within an AuthModalProvider');
}
