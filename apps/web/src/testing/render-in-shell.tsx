import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import type { AuthClient } from '../features/account/auth-client';
import { AuthModalProvider } from '../features/account/auth-modal-provider';
import { AuthProvider } from '../features/account/auth-provider';
import { GetStartedProvider } from '../features/get-started/get-started-provider';
import { createQueryClient } from '../lib/query-client';

const PAGES = ['/', '/features', '/dashboard', '/login', '/project/$projectId/photos'];

/**
 * `ui` inside the app's providers and a small router whose pages only name their path: for specs
 * that drive the auth facilities directly rather than through the real screens.
 */
export function renderInShell(ui: ReactNode, { path, client }: { path: string; client: AuthClient }) {
  const root = createRootRoute({
    component: () => (
      <AuthModalProvider>
        <GetStartedProvider>
          {ui}
          <Outlet />
          <Toaster />
        </GetStartedProvider>
      </AuthModalProvider>
    ),
  });
  const pages = PAGES.map((page) =>
    createRoute({ getParentRoute: () => root, path: page, component: () => <p>Page {page}</p> }),
  );
  const router = createRouter({
    routeTree: root.addChildren(pages),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider client={client}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { router };
}
