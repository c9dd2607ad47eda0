import type { User } from '@memoreel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthClient, sampleGuest, sampleSession, sampleUser } from '../../testing/auth-fixtures';
import { renderApp } from '../../testing/render-app';

function signedInAs(user: User) {
  return fakeAuthClient({ refreshSession: vi.fn().mockResolvedValue(sampleSession(user)) });
}

/** The menu loads lazily behind a disabled stand-in of the same button. */
async function openAccountMenu() {
  const trigger = await waitFor(
    () => {
      const button = screen.getByRole('button', { name: 'Account menu' });
      expect(button.hasAttribute('disabled')).toBe(false);
      return button;
    },
    { timeout: 3_000 },
  );
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu', { name: 'Account menu' });
}

describe('the navigation bar', () => {
  it('offers Sign In and Get Started to visitors', async () => {
    renderApp('/');

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'System status' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Theme' })).toBeTruthy();
  });

  it('shows a signed-in user the dashboard and their menu, named by name first', async () => {
    renderApp('/', signedInAs(sampleUser({ userMetadata: { fullName: 'Ada Lovelace' } })));

    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeTruthy();
    const menu = await openAccountMenu();
    expect(within(menu).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Admin' })).toBeNull();
  });

  it('names a user without a name by e-mail, and a guest "Anonymous User"', async () => {
    renderApp('/', signedInAs(sampleUser()));
    expect(within(await openAccountMenu()).getByText('ada@example.com')).toBeTruthy();
  });

  it('names a guest "Anonymous User" and offers to create an account', async () => {
    renderApp('/', signedInAs(sampleGuest()));
    const menu = await openAccountMenu();
    expect(within(menu).getByText('Anonymous User')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Create Account' })).toBeTruthy();
  });

  it('gives administrators the admin menu', async () => {
    renderApp('/', signedInAs(sampleUser({ roles: ['admin'] })));

    const trigger = await screen.findByRole('button', { name: 'Admin' }, { timeout: 3_000 });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const menu = await screen.findByRole('menu', { name: 'Admin' });
    expect(within(menu).getByRole('menuitem', { name: 'Music Manager' }).getAttribute('href')).toBe(
      '/admin/music',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Manage Users' }).getAttribute('href')).toBe(
      '/admin/users',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Database Admin' }).getAttribute('href')).toBe(
      '/admin/data',
    );
  });

  it('signs out and returns to the landing page', async () => {
    const client = signedInAs(sampleUser());
    const { router } = renderApp('/features', client);

    fireEvent.click(within(await openAccountMenu()).getByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(client.getSession()).toBeNull();
  });
});
