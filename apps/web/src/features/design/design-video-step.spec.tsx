import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { PROJECT_ID, samplePhotos } from '../photos/fake-photos';
import { sampleProject, signedInClient, stubGraphQL } from '../project/fake-graphql';

configure({ asyncUtilTimeout: 5_000 });
afterEach(() => vi.unstubAllGlobals());

function stubDesignStep() {
  let durationPerPhoto = 3;
  const project = () => ({ ...sampleProject({ id: PROJECT_ID }), videoSettings: { durationPerPhoto } });
  return stubGraphQL({
    project,
    projects: () => [sampleProject({ id: PROJECT_ID, photoCount: 12 })],
    projectCount: () => ({ count: 1, limit: 10 }),
    photos: () => samplePhotos(12),
    updateVideoSettings: ({ settings }) => {
      durationPerPhoto = (settings as { durationPerPhoto: number }).durationPerPhoto;
      return project();
    },
  });
}

const saves = (fetchMock: ReturnType<typeof stubGraphQL>) =>
  fetchMock.mock.calls
    .map(
      ([, init]) => JSON.parse(String(init?.body)) as { query: string; variables: Record<string, unknown> },
    )
    .filter((body) => body.query.startsWith('mutation UpdateVideoSettings'))
    .map((body) => body.variables.settings);

describe('step 5: Design Your Video', () => {
  it('shows the total for the photos and saves the last slider value once, after a quiet moment', async () => {
    const fetchMock = stubDesignStep();
    renderApp(`/project/${PROJECT_ID}/design`, signedInClient());
    const slider = (await screen.findByLabelText('Duration Per Photo (seconds)')) as HTMLInputElement;
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['1', '10', '0.5', '3']);
    expect(screen.getByTestId('total-duration').textContent).toBe('0:36');
    expect(screen.getByText('12 photos × 3 s')).toBeTruthy();

    fireEvent.change(slider, { target: { value: '4' } });
    fireEvent.change(slider, { target: { value: '5.5' } });
    expect(screen.getByTestId('total-duration').textContent).toBe('1:06');
    expect(saves(fetchMock)).toEqual([]);
    await waitFor(() => expect(saves(fetchMock)).toEqual([{ durationPerPhoto: 5.5 }]));
    expect(await screen.findByText('All changes saved')).toBeTruthy();
  });

  it('keeps the photo strip at the foot of the page and links the neighbouring steps', async () => {
    stubDesignStep();
    renderApp(`/project/${PROJECT_ID}/design`, signedInClient());
    expect(await screen.findByRole('region', { name: 'Photo order' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Animate Photos' }).getAttribute('href')).toBe(
      `/project/${PROJECT_ID}/animate`,
    );
    expect(screen.getByRole('link', { name: 'Next: Select Music' }).getAttribute('href')).toBe(
      `/project/${PROJECT_ID}/music`,
    );
  });
});
