import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GraphQLRequestError } from '../../../lib/graphql';
import { fakeAuthClient } from '../../../testing/auth-fixtures';
import { renderApp } from '../../../testing/render-app';
import { GraphQLFailure, sampleProject, signedInClient, stubGraphQL } from '../fake-graphql';
import { shouldRetryProjectLoad } from '../queries';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/project/3b0f8d4c-6a0e-4a52-9d1e-2f1f7d8b9c10/photos';

function stubProject(answer: () => unknown) {
  stubGraphQL({
    project: answer,
    projects: () => [sampleProject()],
    projectCount: () => ({ count: 1, limit: 10 }),
    photos: () => [],
    photoQuota: () => ({ count: 0, limit: 50, remaining: 50 }),
  });
}

describe('project layout', () => {
  it('frames the step with the sidebar; later steps wait for a photo', async () => {
    stubProject(() => sampleProject());
    renderApp(PATH, signedInClient());
    const sidebar = await screen.findByRole('complementary', { name: 'Project sidebar' });
    expect(sidebar.textContent).toContain('Grandma Rose');
    expect(screen.getAllByRole('link', { name: /Add Photos/ })[0]?.getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('button', { name: /Sort Photos/ })[0]?.getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(screen.getAllByText('Please add at least one photo before proceeding').length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { name: 'Add Your Photos' })).toBeTruthy();
  });

  it.each([
    ['NOT_FOUND', 'Project not found', 'Project Not Found', 'Return to Dashboard'],
    ['FORBIDDEN', 'Unauthorized access', 'Project Not Found', 'Return to Dashboard'],
    ['UNAUTHORIZED', 'Authentication required', 'Authentication Required', 'Log In'],
  ])('answers %s with "%s"', async (code, message, title, action) => {
    stubProject(() => {
      throw new GraphQLFailure(message, code);
    });
    renderApp(PATH, signedInClient());
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByRole('link', { name: action })).toBeTruthy();
    if (title === 'Project Not Found') {
      expect(
        screen.getByText('This project may have been deleted or you may not have access to it.'),
      ).toBeTruthy();
    }
  });

  it('sends a visitor without a session to the landing page, making no guest session', async () => {
    stubProject(() => sampleProject());
    const signInAnonymously = vi.fn();
    const { router } = renderApp(PATH, fakeAuthClient({ signInAnonymously }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5_000 });
    expect(signInAnonymously).not.toHaveBeenCalled();
  });

  it('retries a failed load up to 3 times, but not a final answer', () => {
    const transient = new GraphQLRequestError('Could not reach the server.', 'NETWORK_ERROR');
    expect(shouldRetryProjectLoad(2, transient)).toBe(true);
    expect(shouldRetryProjectLoad(3, transient)).toBe(false);
    for (const code of ['NOT_FOUND', 'FORBIDDEN', 'UNAUTHORIZED']) {
      expect(shouldRetryProjectLoad(0, new GraphQLRequestError('no', code))).toBe(false);
    }
  });
});
