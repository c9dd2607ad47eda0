import { Outlet, useRouterState } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { AuthModalProvider } from '../features/account/auth-modal-provider';
import { GetStartedProvider } from '../features/get-started/get-started-provider';
import { isLandingPath } from '../features/landing/landing-section';
import { useTheme } from '../features/theme/use-theme';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

/** Spec §9 toast defaults: 4 s on screen, at most three at once. */
const TOAST_DURATION_MS = 4_000;
const VISIBLE_TOASTS = 3;

// The public pages carry the site footer; the signed-in workspace keeps the screen for the work.
function usePublicPage(): boolean {
  return useRouterState({
    select: ({ location }) => isLandingPath(location.pathname) || location.pathname === '/tools',
  });
}

export function AppLayout() {
  const { resolvedColorMode } = useTheme();
  const publicPage = usePublicPage();
  return (
    <AuthModalProvider>
      <GetStartedProvider>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow-lg"
        >
          Skip to content
        </a>
        <TopBar />
        <main id="main" tabIndex={-1} className="outline-none">
          <Outlet />
        </main>
        {publicPage && <SiteFooter />}
        <Toaster
          theme={resolvedColorMode}
          richColors
          closeButton
          duration={TOAST_DURATION_MS}
          visibleToasts={VISIBLE_TOASTS}
        />
      </GetStartedProvider>
    </AuthModalProvider>
  );
}
