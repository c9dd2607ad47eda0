import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { AppProviders } from '../app-providers';
import type { AuthClient } from '../features/account/auth-client';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from '../router';
import { fakeAuthClient } from './auth-fixtures';

/** The whole app at `path`, with a fake gateway behind auth unless a client is given. */
export function renderApp(path: string, authClient: AuthClient = fakeAuthClient()) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  render(
    <AppProviders queryClient={queryClient} authClient={authClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, authClient };
}
