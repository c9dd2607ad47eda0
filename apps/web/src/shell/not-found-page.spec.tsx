import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { AppProviders } from '../app-providers';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from '../router';

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

it('shows a not-found page, inside the app layout, for an unknown address', async () => {
  renderAt('/no-such-page');

  expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Memoreel home' })).toBeTruthy();
});

it('leads back home', async () => {
  const router = renderAt('/projects/unknown/deeper');

  fireEvent.click(await screen.findByRole('link', { name: 'Back to home' }));

  await screen.findByRole('heading', { name: /Turn cherished photos/ });
  expect(router.state.location.pathname).toBe('/');
});
