import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { reportError } from './features/error-reporting/error-reporting';
import { isLandingPath } from './features/landing/landing-section';
import { routeTree } from './routeTree.gen';
import { FullPageLoading } from './shell/full-page-loading';
import { RouteErrorPage } from './shell/route-error-page';

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history && { history }),
    defaultPreload: 'intent',
    // TanStack Query owns the cache, so a preload on hover always runs the loader (which reads from Query).
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: FullPageLoading,
    defaultErrorComponent: RouteErrorPage,
    // What a route's error page catches reaches Sentry too (when it is on).
    defaultOnCatch: reportError,
    // On the landing page the path decides which section shows, so the router must not reset the scroll.
    scrollRestoration: ({ location }) => !isLandingPath(location.pathname),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
