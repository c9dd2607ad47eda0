import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleGuest } from '../../testing/auth-fixtures';
import { renderApp } from '../../testing/render-app';
import { sampleProject, signedInClient, stubGraphQL } from '../projects/fake-graphql';

afterEach(() => vi.unstubAllGlobals());

function stubProjects(count = 1) {
  const projects = Array.from({ length: count }, (_, i) =>
    sampleProject({ id: `p${i}`, name: `Project ${i + 1}` }),
  );
  return stubGraphQL({
    projects: () => projects,
    projectCount: () => ({ count, limit: 10 }),
  });
}

describe('Dashboard', () => {
  it('opens on Projects and writes the chosen tab back to the navigation state', async () => {
    stubProjects();
    const { router } = renderApp('/dashboard', signedInClient());
    expect(await screen.findByRole('heading', { name: 'My Projects' })).toBeTruthy();
    expect(screen.getByText('Create and manage your projects')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Open Project 1' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: /Shared/ }));
    expect(await screen.findByText('No shared videos yet')).toBeTruthy();
    expect(router.state.location.state.activeTab).toBe('shared');
    expect(screen.getByRole('tab', { name: /Shared/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens the tab preset in the navigation state', async () => {
    stubProjects();
    const { router } = renderApp('/', signedInClient());
    await router.navigate({ to: '/dashboard', state: { activeTab: 'purchases' } });
    expect(await screen.findByText('No purchases yet')).toBeTruthy();
    expect(screen.getByRole('tabpanel').textContent).toContain('Your purchase history');
  });

  it('moves between tabs with the arrow keys', async () => {
    stubProjects();
    renderApp('/dashboard', signedInClient());
    const projectsTab = await screen.findByRole('tab', { name: /Projects/ });
    fireEvent.keyDown(projectsTab, { key: 'ArrowDown' });
    expect(await screen.findByText('No shared videos yet')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Shared/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('asks a guest to create a free account, once', async () => {
    stubProjects();
    renderApp('/dashboard', signedInClient(sampleGuest()));
    expect(await screen.findByRole('heading', { name: 'Create a FREE Account' })).toBeTruthy();
    expect(
      screen.getByText("Sign up to ensure you don't lose access to your projects and videos"),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not Now' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Create a FREE Account' })).toBeNull());
  });

  it('thanks people back from checkout and tidies the address', async () => {
    stubProjects();
    const { router } = renderApp('/dashboard?success=true&projectId=p0&product=honor', signedInClient());
    expect(await screen.findByText('Project upgraded to Honor!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });
});
