import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleUser } from '../../testing/auth-fixtures';
import { renderApp } from '../../testing/render-app';
import { signedInClient, stubGraphQL } from '../project/fake-graphql';

afterEach(() => vi.unstubAllGlobals());

describe('the admin screens', () => {
  it.each([
    ['/admin/users', 'Manage Users'],
    ['/admin/music', 'The music manager'],
    ['/admin/data', 'Database Admin'],
  ])('%s tells a signed-in user who is no admin that %s is for administrators', async (path, screenName) => {
    stubGraphQL({});
    renderApp(path, signedInClient());
    expect(await screen.findByText(`${screenName} is for administrators.`)).toBeTruthy();
    expect(screen.getByText('Admin access required')).toBeTruthy();
  });

  it('shows the screen itself to an admin', async () => {
    stubGraphQL({ musicTracks: () => [] });
    renderApp('/admin/music', signedInClient(sampleUser({ roles: ['admin'] })));
    expect(await screen.findByRole('heading', { name: 'Music Manager' })).toBeTruthy();
    expect(screen.queryByText('The music manager is for administrators.')).toBeNull();
  });
});
