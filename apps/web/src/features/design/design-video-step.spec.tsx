import { videoLengthMessages } from '@memoreel/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openProjectStep } from '../../testing/project-step';
import { PROJECT_ID, samplePhotos } from '../photos/fake-photos';
import { sampleProject, stubGraphQL, variablesSent } from '../project/fake-graphql';
import { videoStepsContent } from './design-content';

const text = videoStepsContent.design;

configure({ asyncUtilTimeout: 10_000 });
afterEach(() => vi.unstubAllGlobals());

/** Morning Light on the whole timeline: a beat every second from 0.1 s. */
const MORNING_LIGHT = {
  id: 'track-morning',
  title: 'Morning Light',
  artist: 'Memoreel',
  duration: 60,
  url: '/storage/music/aa11.mp3?sig=1',
  tempo: 60,
  beats: Array.from({ length: 60 }, (_, n) => 0.1 + n),
};

function stubDesignStep(
  photoCount = 12,
  { library = [] as (typeof MORNING_LIGHT)[], timelineTracks = [] as unknown[] } = {},
) {
  let settings: Record<string, unknown> = { durationPerPhoto: 3, cutOnBeat: false };
  const project = () => ({
    ...sampleProject({ id: PROJECT_ID }),
    videoSettings: { ...settings, music: { type: 'default', selection: 'peaceful', timelineTracks } },
  });
  return stubGraphQL({
    project,
    projects: () => [sampleProject({ id: PROJECT_ID, photoCount })],
    projectCount: () => ({ count: 1, limit: 10 }),
    photos: () => samplePhotos(photoCount),
    upgradeOptions: () => ({ currentTier: 'free', upgradeOptions: [] }),
    publicMusicTracks: () => library,
    updateVideoSettings: ({ settings: change }) => {
      settings = { ...settings, ...(change as Record<string, unknown>) };
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

  it('cuts on the beat when switched on: the total follows the music, the choice is saved', async () => {
    const timeline = [
      { id: 'track-morning', storage_path: 'aa11.mp3', startTime: 0, duration: 12, instanceId: 'm1' },
    ];
    const fetchMock = stubDesignStep(4, { library: [MORNING_LIGHT], timelineTracks: timeline });
    openProjectStep('design');
    const cutOnBeat = await screen.findByRole('switch', { name: 'Cut on the beat' });
    expect(cutOnBeat.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(text.cutOnBeat.hint)).toBeTruthy();
    expect(screen.getByTestId('total-duration').textContent).toBe('0:12');

    fireEvent.click(cutOnBeat);
    expect(cutOnBeat.getAttribute('aria-checked')).toBe('true');
    // Beats on frames 3 + 30n: photos change on 93, 183, 273 and the video ends on 333 (11.1 s).
    await waitFor(() => expect(screen.getByTestId('total-duration').textContent).toBe('0:11'));
    expect(screen.getByText('4 photos, cut on the beat')).toBeTruthy();
    expect(screen.getByTestId('beat-note').textContent).toBe(text.cutOnBeat.tempo(60));
    await waitFor(() => expect(saves(fetchMock)).toEqual([{ cutOnBeat: true }]));

    fireEvent.click(cutOnBeat);
    expect(screen.getByTestId('total-duration').textContent).toBe('0:12');
    await waitFor(() => expect(saves(fetchMock)).toEqual([{ cutOnBeat: true }, { cutOnBeat: false }]));
  });

  it('offers the four transitions, each explained, and saves the one picked', async () => {
    const fetchMock = stubDesignStep(4);
    openProjectStep('design');
    const group = await screen.findByRole('group', { name: 'Transition' });
    const options = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(options.map((option) => option.labels?.[0]?.textContent)).toEqual([
      `Fade through black${text.transition.options['fade-to-black'].hint}`,
      `Dissolve${text.transition.options.fade.hint}`,
      `Slide${text.transition.options.slide.hint}`,
      `Zoom${text.transition.options.zoom.hint}`,
    ]);
    expect(within(group).getByRole('radio', { name: /Fade through black/ })).toHaveProperty('checked', true);
    fireEvent.click(within(group).getByRole('radio', { name: /Slide/ }));
    expect(within(group).getByRole('radio', { name: /Slide/ })).toHaveProperty('checked', true);
    await waitFor(() => expect(saves(fetchMock)).toEqual([{ transition: 'slide' }]));
  });

  it('offers the three formats, widescreen first, and saves both sides of the one picked', async () => {
    const fetchMock = stubDesignStep(4);
    openProjectStep('design');
    const group = await screen.findByRole('group', { name: 'Format' });
    const options = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(options.map((option) => option.value)).toEqual(['16:9', '1:1', '9:16']);
    expect(within(group).getByRole('radio', { name: /Widescreen/ })).toHaveProperty('checked', true);
    fireEvent.click(within(group).getByRole('radio', { name: /Vertical/ }));
    expect(within(group).getByRole('radio', { name: /Vertical/ })).toHaveProperty('checked', true);
    await waitFor(() => expect(saves(fetchMock)).toEqual([{ width: 1080, height: 1920 }]));
  });

  it('opens on a title card named after the project, saves its words as typed, and counts it in the total', async () => {
    const fetchMock = stubDesignStep(4);
    openProjectStep('design');
    const cards = await screen.findByTestId('video-cards');
    expect(screen.getByTestId('total-duration').textContent).toBe('0:12');
    fireEvent.click(within(cards).getByRole('switch', { name: text.cards.opening.label }));
    const title = within(cards).getByLabelText(text.cards.opening.title) as HTMLInputElement;
    expect([title.value, title.maxLength]).toEqual(['Grandma Rose', 60]);
    expect(within(cards).getByText('12/60')).toBeTruthy();
    fireEvent.change(within(cards).getByLabelText(text.cards.opening.subtitle), {
      target: { value: '1934 – 2024' },
    });
    await waitFor(() =>
      expect(saves(fetchMock).at(-1)).toEqual({
        opening: {
          title: 'Grandma Rose',
          subtitle: '1934 – 2024',
          background: { kind: 'color', color: '#1c1917' },
          seconds: 4,
        },
        closing: null,
        font: 'serif',
      }),
    );
    // The total follows the saved settings: 4 photos × 3 s and a 4-second card.
    await waitFor(() => expect(screen.getByTestId('total-duration').textContent).toBe('0:16'));

    // An empty title is not saved: the card keeps its last words and says what is missing.
    const before = saves(fetchMock).length;
    fireEvent.change(title, { target: { value: '  ' } });
    expect(await within(cards).findByText(text.cards.required)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(saves(fetchMock)).toHaveLength(before);
  });

  it('says why nothing changes without music, and while beats are still being found', async () => {
    stubDesignStep(4);
    openProjectStep('design');
    fireEvent.click(await screen.findByRole('switch', { name: 'Cut on the beat' }));
    expect(screen.getByTestId('beat-note').textContent).toBe(text.cutOnBeat.noMusic);
    expect(screen.getByTestId('total-duration').textContent).toBe('0:12');
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
