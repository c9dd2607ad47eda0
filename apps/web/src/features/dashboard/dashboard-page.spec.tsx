import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleGuest } from '../../testing/auth-fixtures';
import { renderApp } from '../../testing/render-app';
import {
  type GraphQLAnswers,
  GraphQLFailure,
  sampleProject,
  signedInClient,
  stubGraphQL,
} from '../project/fake-graphql';
import type { PurchaseRecord } from '../purchases/purchases-api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubProjects(count = 1, answers: GraphQLAnswers = {}) {
  const projects = Array.from({ length: count }, (_, i) =>
    sampleProject({ id: `p${i}`, name: `Project ${i + 1}` }),
  );
  return stubGraphQL({
    projects: () => projects,
    projectCount: () => ({ count, limit: 10 }),
    purchases: () => [],
    shares: () => [],
    ...answers,
  });
}

const purchase = (overrides: Partial<PurchaseRecord> = {}): PurchaseRecord => ({
  id: crypto.randomUUID(),
  projectId: 'p0',
  projectName: 'Project 1',
  productId: 'honor',
  amountCents: 3900,
  currency: 'usd',
  purchasedAt: '2026-11-20T15:30:00.000Z',
  ...overrides,
});

const operationsAsked = (fetchMock: ReturnType<typeof stubGraphQL>) =>
  fetchMock.mock.calls.map(
    ([, init]) => /^(?:query|mutation)\s+(\w+)/.exec(JSON.parse(String(init?.body)).query)?.[1],
  );

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

  it('lists purchases newest first with plan, project, date and amount', async () => {
    stubProjects(1, {
      purchases: () => [
        purchase({ productId: 'cherish', amountCents: 5900, purchasedAt: '2026-11-21T09:00:00.000Z' }),
        purchase({ projectId: 'gone', projectName: null, productId: 'remember', amountCents: 1900 }),
      ],
    });
    const { router } = renderApp('/', signedInClient());
    await router.navigate({ to: '/dashboard', state: { activeTab: 'purchases' } });
    const rows = within(await screen.findByRole('list', { name: 'Purchases' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Cherish upgrade.*Project 1 · Nov 21, 2026.*Paid \$59$/),
      expect.stringMatching(/^Remember upgrade.*Deleted project · Nov 20, 2026.*Paid \$19$/),
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Project 1' }).getAttribute('href')).toBe(
      '/project/p0/photos',
    );
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
  });

  it('says when purchases fail to load and asks again on "Try Again"', async () => {
    // React reports the error the boundary catches; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let failing = true;
    stubProjects(1, {
      purchases: () => {
        if (failing) throw new GraphQLFailure('Billing is unavailable', 'UNAVAILABLE');
        return [purchase()];
      },
    });
    const { router } = renderApp('/', signedInClient());
    await router.navigate({ to: '/dashboard', state: { activeTab: 'purchases' } });
    expect(await screen.findByText('Failed to load content. Please try again.')).toBeTruthy();

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Honor upgrade')).toBeTruthy();
    expect(screen.queryByText('Failed to load content. Please try again.')).toBeNull();
  });

  it('asks for purchases again after a payment', async () => {
    const fetchMock = stubProjects();
    const { router } = renderApp('/', signedInClient());
    await router.navigate({ to: '/dashboard', state: { activeTab: 'purchases' } });
    expect(await screen.findByText('No purchases yet')).toBeTruthy();
    const before = operationsAsked(fetchMock).filter((name) => name === 'Purchases').length;

    await router.navigate({
      to: '/dashboard',
      search: { success: 'true', projectId: 'p0', product: 'honor' },
      state: { activeTab: 'purchases' },
    });
    expect(await screen.findByText('Project upgraded to Honor!')).toBeTruthy();
    await waitFor(() =>
      expect(operationsAsked(fetchMock).filter((name) => name === 'Purchases').length).toBe(before + 1),
    );
  });
});
