import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationsBell } from '../../shell/notifications-bell';
import { renderInShell } from '../../testing/render-in-shell';
import { signedInClient, stubGraphQL } from '../project/fake-graphql';
import { PendingPhotosList } from './pending-photos-list';

configure({ asyncUtilTimeout: 5_000 });

// The live socket, faked: the test pushes changes as the gateway would.
const live = vi.hoisted(() => ({ push: (_data: unknown) => {}, subscriptions: 0 }));
vi.mock('../../lib/graphql-ws', () => ({
  subscribeLive: (_query: string, _variables: unknown, handlers: { onData: (data: unknown) => void }) => {
    live.subscriptions += 1;
    live.push = handlers.onData;
    return { ready: Promise.resolve(), unsubscribe: () => {} };
  },
}));

afterEach(() => vi.unstubAllGlobals());

const PROJECT_ID = '3b0f8d4c-6a0e-4a52-9d1e-2f1f7d8b9c10';

describe('the notifications bell', () => {
  it('lists pending photos by project, each leading to its photos step', async () => {
    renderInShell(
      <PendingPhotosList
        summary={{ total: 4, projects: [{ projectId: PROJECT_ID, projectName: 'Grandma Rose', count: 4 }] }}
      />,
      { path: '/', client: signedInClient() },
    );
    const entry = await screen.findByRole('link', { name: /4 new photos from friends in Grandma Rose/ });
    expect(entry.getAttribute('href')).toBe(`/project/${PROJECT_ID}/photos`);
  });

  it("counts the owner's pending photos and changes on a live push (no polling)", async () => {
    let total = 0;
    const fetchMock = stubGraphQL({
      pendingPhotoSummary: () => ({
        total,
        projects: total ? [{ projectId: PROJECT_ID, projectName: 'Grandma Rose', count: total }] : [],
      }),
    });
    renderInShell(<NotificationsBell />, { path: '/', client: signedInClient() });
    await waitFor(() => expect(live.subscriptions).toBe(1));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('notifications-count')).toBeNull();

    total = 3;
    live.push({ pendingPhotosChanged: { projectId: PROJECT_ID, total: 3 } });
    expect((await screen.findByTestId('notifications-count')).textContent).toBe('3');
    expect(screen.getByRole('button', { name: 'Notifications (3 new)' })).toBeTruthy();

    // Without a push nothing is asked again.
    const calls = fetchMock.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetchMock.mock.calls.length).toBe(calls);
  }, 20_000);
});
