import { fireEvent, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';

it('shows a not-found page, inside the app layout, for an unknown address', async () => {
  renderApp('/no-such-page');

  expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Memoreel home' })).toBeTruthy();
});

it('leads back home', async () => {
  const { router } = renderApp('/projects/unknown/deeper');

  fireEvent.click(await screen.findByRole('link', { name: 'Back to home' }));

  await screen.findByRole('heading', { name: /Turn cherished photos/ });
  expect(router.state.location.pathname).toBe('/');
});
