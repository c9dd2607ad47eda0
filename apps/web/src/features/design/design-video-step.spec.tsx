import { videoLengthMessages } from '@memoreel/domain';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openProjectStep } from '../../testing/project-step';
import { PROJECT_ID, samplePhotos } from '../photos/fake-photos';
import { sampleProject, stubGraphQL, variablesSent } from '../project/fake-graphql';

configure({ asyncUtilTimeout: 10_000 });
afterEach(() => vi.unstubAllGlobals());

function stubDesignStep(photoCount = 12) {
  let durationPerPhoto = 3;
  const project = () => ({ ...sampleProject({ id: PROJECT_ID }), videoSettings: { durationPerPhoto } });
  return stubGraphQL({
    project,
    projects: () => [sampleProject({ id: PROJECT_ID, photoCount })],
    projectCount: () => ({ count: 1, limit: 10 }),
    photos: () => samplePhotos(photoCount),
    upgradeOptions: () => ({ currentTier: 'free', upgradeOptions: [] }),
    updateVideoSettings: ({ settings }) => {
      durationPerPhoto = (settings as { durationPerPhoto: number }).durationPerPhoto;
      return project();
    },
  });
}

const saves = (fetchMock: ReturnType<typeof stubGraphQL>) =>
  variablesSent(fetchMock, 'mutation UpdateVideoSettings').map((variables) => variables.settings);

describe('step 5: Design Your Video', { timeout: 20_000 }, () => {
  it('shows the total for the photos and saves the last slider value once, after a quiet moment', async () => {
    const fetchMock = stubDesignStep();
    openProjectStep('design');
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

  it("shows the total against the plan's minutes and warns, with the upgrade, past them", async () => {
    stubDesignStep(40);
    openProjectStep('design');
    const slider = (await screen.findByLabelText('Duration Per Photo (seconds)')) as HTMLInputElement;
    await waitFor(() =>
      expect(screen.getByTestId('video-length-limit').textContent).toBe(
        videoLengthMessages.ofLimit('free', 120),
      ),
    );
    expect(screen.queryByTestId('video-too-long')).toBeNull();

    // 40 photos × 10 s = 6:40, past FREE's 5 minutes.
    fireEvent.change(slider, { target: { value: '10' } });
    expect(screen.getByTestId('video-length-limit').textContent).toBe('6:40 of 5:00 (FREE plan)');
    const alert = screen.getByTestId('video-too-long');
    expect(alert.textContent).toContain(videoLengthMessages.tooLong('free', 400));
    fireEvent.click(screen.getByRole('button', { name: videoLengthMessages.upgrade }));
    const upgrade = await screen.findByRole('dialog', { name: 'Upgrade Your Project' });
    expect(upgrade.textContent).toContain(videoLengthMessages.tooLong('free', 400));
  });

  it('keeps the photo strip at the foot of the page and links the neighbouring steps', async () => {
    stubDesignStep();
    openProjectStep('design');
    expect(await screen.findByRole('region', { name: 'Photo order' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Animate Photos' }).getAttribute('href')).toBe(
      `/project/${PROJECT_ID}/animate`,
    );
    expect(screen.getByRole('link', { name: 'Next: Select Music' }).getAttribute('href')).toBe(
      `/project/${PROJECT_ID}/music`,
    );
  });
});
