import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { sampleProject, signedInClient, stubGraphQL } from './fake-graphql';

afterEach(() => vi.unstubAllGlobals());

function stubCount(count: number) {
  return stubGraphQL({
    projects: () => [sampleProject()],
    projectCount: () => ({ count, limit: 10 }),
    createProject: ({ name }) => sampleProject({ id: 'new-project', name: String(name) }),
    project: () => sampleProject({ id: 'new-project' }),
  });
}

const createButton = () => screen.findByRole('button', { name: 'Create New Project' });

describe('Create New Project', () => {
  it('is disabled at the limit, and says why', async () => {
    stubCount(10);
    renderApp('/dashboard', signedInClient());
    await waitFor(async () => expect((await createButton()).hasAttribute('disabled')).toBe(true));
    fireEvent.focus((await createButton()).parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveProperty(
      'textContent',
      'You have reached the limit of 10 projects',
    );
  });

  it('counts the projects used, and needs a name', async () => {
    stubCount(3);
    renderApp('/dashboard', signedInClient());
    await waitFor(async () => expect((await createButton()).hasAttribute('disabled')).toBe(false));
    fireEvent.focus((await createButton()).parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', '3 of 10 projects used');

    fireEvent.click(await createButton());
    expect(await screen.findByText('Using 3 of 10 available projects')).toBeTruthy();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create.hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByLabelText('Project name'), { target: { value: 'Tom & Jerry' } });
    fireEvent.click(create);
    expect(await screen.findByText('Project name contains invalid characters')).toBeTruthy();
  });

  it('creates the project and opens its photos', async () => {
    const fetchMock = stubCount(3);
    const { router } = renderApp('/dashboard', signedInClient());
    fireEvent.click(await createButton());
    fireEvent.change(await screen.findByLabelText('Project name'), { target: { value: '  Summer 1975 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/new-project/photos'));
    const sent = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
    expect(sent.find((body) => body.query.includes('CreateProject')).variables).toEqual({
      name: 'Summer 1975',
    });
    expect(await screen.findByText('Project created')).toBeTruthy();
  });
});

describe('Delete Project', () => {
  it('asks before deleting', async () => {
    stubGraphQL({
      projects: () => [sampleProject()],
      projectCount: () => ({ count: 1, limit: 10 }),
      deleteProject: ({ id }) => ({ id }),
    });
    renderApp('/dashboard', signedInClient());
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Grandma Rose' }));
    expect(
      await screen.findByText(
        'Are you sure you want to delete "Grandma Rose"? This action cannot be undone.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Project deleted')).toBeTruthy();
  });
});
