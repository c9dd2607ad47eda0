import type { TimelineTrack } from '@memoreel/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openProjectStep, projectStepAnswers } from '../../testing/project-step';
import { PROJECT_ID, samplePhotos } from '../photos/fake-photos';
import {
  type GraphQLAnswers,
  GraphQLFailure,
  sampleProject,
  stubGraphQL,
  variablesSent,
} from '../project/fake-graphql';
import type { PublicMusicTrack } from './music-library-api';

configure({ asyncUtilTimeout: 5_000 });
afterEach(() => vi.unstubAllGlobals());

const LIBRARY: PublicMusicTrack[] = [
  {
    id: 'track-morning',
    title: 'Morning Light',
    artist: 'Memoreel',
    duration: 40,
    url: '/storage/music/aa11.mp3?sig=1',
    tempo: null,
    beats: null,
  },
  {
    id: 'track-soft',
    title: 'Soft Horizon',
    artist: 'Memoreel',
    duration: 95,
    url: '/storage/music/bb22.mp3?sig=2',
    tempo: null,
    beats: null,
  },
  {
    id: 'track-sunny',
    title: 'Sunny Steps',
    artist: null,
    duration: 30,
    url: '/storage/music/cc33.mp3?sig=3',
    tempo: null,
    beats: null,
  },
];

/** The library's tracks as the timeline stores them, before their place on it. */
const MORNING = { id: 'track-morning', title: 'Morning Light', storage_path: 'aa11.mp3' };
const SOFT = { id: 'track-soft', title: 'Soft Horizon', storage_path: 'bb22.mp3' };
const SUNNY = { id: 'track-sunny', title: 'Sunny Steps', storage_path: 'cc33.mp3' };

/** 10 photos × 5 s: a 50-second video. */
function stubMusicStep(
  timelineTracks: Partial<TimelineTrack>[] = [],
  answers: GraphQLAnswers = {},
  cards: Record<string, unknown> = {},
) {
  let stored = timelineTracks;
  const videoSettings = () => ({
    durationPerPhoto: 5,
    transition: 'fade-to-black',
    width: 1920,
    height: 1080,
    ...cards,
    music: { type: 'default', selection: 'peaceful', customPath: null, timelineTracks: stored },
  });
  return stubGraphQL({
    ...projectStepAnswers(() => samplePhotos(10)),
    project: () => ({ ...sampleProject({ id: PROJECT_ID }), videoSettings: videoSettings() }),
    publicMusicTracks: () => LIBRARY,
    updateVideoSettings: ({ settings }) => {
      stored = (settings as { music: { timelineTracks: TimelineTrack[] } }).music.timelineTracks;
      return { id: PROJECT_ID, videoSettings: videoSettings() };
    },
    ...answers,
  });
}

const saves = (fetchMock: ReturnType<typeof stubGraphQL>) =>
  variablesSent(fetchMock, 'mutation UpdateVideoSettings').map(
    (variables) =>
      (variables.settings as { music: { timelineTracks: TimelineTrack[] } }).music.timelineTracks,
  );

const open = () => openProjectStep('music');
const timelineRows = () =>
  within(screen.getByRole('list', { name: 'Music Timeline' })).getAllByRole('listitem');

describe('step 6: Select Music', () => {
  it('adds tracks one after another, trims the one past the end and saves both once, 500 ms later', async () => {
    const fetchMock = stubMusicStep();
    open();
    expect(await screen.findByText('Music Timeline')).toBeTruthy();
    expect(screen.getByText('Video 0:50 · Music 0:00')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Add Morning Light to timeline' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Soft Horizon to timeline' }));
    // Nothing is sent the moment a track is added: the save waits for 500 ms of quiet (checked at
    // once, before any wait that a loaded machine could stretch past those 500 ms).
    expect(saves(fetchMock)).toHaveLength(0);
    expect(await screen.findByText('Added Morning Light to timeline')).toBeTruthy();
    expect(await screen.findByText('Added Soft Horizon (trimmed to 0:10)')).toBeTruthy();

    const rows = timelineRows();
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('0:00 – 0:40'),
      expect.stringContaining('0:40 – 0:50'),
    ]);
    expect(within(rows[1] as HTMLElement).getByText('Trimmed from 1:35')).toBeTruthy();
    expect(screen.getByText('Your video is full of music. Remove a track to add another.')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Add Sunny Steps to timeline' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
    const [first, second] = saves(fetchMock)[0] ?? [];
    expect(first).toEqual({
      id: 'track-morning',
      title: 'Morning Light',
      artist: 'Memoreel',
      storage_path: 'aa11.mp3',
      startTime: 0,
      duration: 40,
      originalDuration: 40,
      isTrimmed: false,
      instanceId: expect.any(String),
    });
    expect(second).toMatchObject({
      id: 'track-soft',
      startTime: 40,
      duration: 10,
      originalDuration: 95,
      isTrimmed: true,
    });
    expect(first?.instanceId).not.toBe(second?.instanceId);
    expect(await screen.findByText('All changes saved')).toBeTruthy();
  });

  it('lays music under the title and closing cards too: the video is their seconds longer', async () => {
    const background = { kind: 'color', color: '#1c1917', photoId: null };
    stubMusicStep(
      [],
      {},
      {
        opening: { title: 'Rose', subtitle: '', background, seconds: 4 },
        closing: { message: 'Always', background, seconds: 6 },
      },
    );
    open();
    expect(await screen.findByText('Video 1:00 · Music 0:00')).toBeTruthy();
  });

  it('recalculates start times when a track is removed or moved, re-trimming to fit', async () => {
    const fetchMock = stubMusicStep([
      { ...SUNNY, startTime: 0, duration: 30, originalDuration: 30, instanceId: 'p1' },
      { ...SOFT, startTime: 30, duration: 20, originalDuration: 95, isTrimmed: true, instanceId: 'p2' },
    ]);
    open();
    expect(await screen.findByText('Trimmed from 1:35')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Move Soft Horizon earlier' }));
    expect(timelineRows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('Soft Horizon0:00 – 0:50'),
    ]);
    expect(await screen.findByText('Sunny Steps no longer fits in the video and was removed')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Soft Horizon' }));
    expect(
      screen.getByText('No music yet. Add a track below and it starts with your first photo.'),
    ).toBeTruthy();
    // What is stored in the end: an empty timeline (a slow machine may save the move on its own first).
    await waitFor(() => expect(saves(fetchMock).at(-1)).toEqual([]));
  });

  it('moves a later track first without losing any when both fit', async () => {
    const fetchMock = stubMusicStep([
      { ...SUNNY, startTime: 0, duration: 30, instanceId: 'p1' },
      { ...MORNING, startTime: 30, duration: 20, originalDuration: 40, isTrimmed: true, instanceId: 'p2' },
    ]);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Move Sunny Steps later' }));
    await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
    expect(
      saves(fetchMock)[0]?.map(({ instanceId, startTime, duration, isTrimmed }) => ({
        instanceId,
        startTime,
        duration,
        isTrimmed,
      })),
    ).toEqual([
      { instanceId: 'p2', startTime: 0, duration: 40, isTrimmed: false },
      { instanceId: 'p1', startTime: 40, duration: 10, isTrimmed: true },
    ]);
  });

  it('saves a change at once when the step is left before the 500 ms are up', async () => {
    const fetchMock = stubMusicStep();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Sunny Steps to timeline' }));
    fireEvent.click(screen.getByRole('link', { name: 'Back to Design Video' }));
    expect(await screen.findByText('Duration Per Photo (seconds)')).toBeTruthy();
    await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
    expect(saves(fetchMock)[0]?.[0]).toMatchObject({ id: 'track-sunny', duration: 30 });
  });

  it('sends a pending change with keepalive when the tab closes', async () => {
    const fetchMock = stubMusicStep();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Sunny Steps to timeline' }));
    window.dispatchEvent(new Event('beforeunload'));
    const sent = fetchMock.mock.calls.filter(([, init]) => init?.keepalive === true);
    expect(sent).toHaveLength(1);
    expect(String(sent[0]?.[1]?.body)).toContain('track-sunny');
    // Sent once: the debounce has nothing left to save.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(saves(fetchMock)).toHaveLength(1);
  });

  it("says 'Failed to save music timeline' when the save is refused", async () => {
    stubMusicStep([], {
      updateVideoSettings: () => {
        throw new GraphQLFailure('Project not found', 'NOT_FOUND');
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Sunny Steps to timeline' }));
    expect(await screen.findByText('Failed to save music timeline')).toBeTruthy();
    expect(await screen.findByText('Not saved')).toBeTruthy();
  });

  it('fits a timeline saved for a longer video to this one, and saves it so', async () => {
    const fetchMock = stubMusicStep([
      { ...SOFT, startTime: 0, duration: 95, originalDuration: 95, isTrimmed: false, instanceId: 'p1' },
      { ...SUNNY, startTime: 95, duration: 30, originalDuration: 30, isTrimmed: false, instanceId: 'p2' },
    ]);
    open();
    expect(await screen.findByText('Trimmed from 1:35')).toBeTruthy();
    expect(screen.getByText('Video 0:50 · Music 0:50')).toBeTruthy();
    expect(await screen.findByText('Sunny Steps no longer fits in the video and was removed')).toBeTruthy();
    await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
    expect(saves(fetchMock)[0]).toEqual([
      expect.objectContaining({ instanceId: 'p1', duration: 50, isTrimmed: true }),
    ]);
  });

  it('asks for photos first in a project without any', async () => {
    stubMusicStep([], { photos: () => [] });
    open();
    expect(await screen.findByText('Please add at least one photo before proceeding')).toBeTruthy();
  });
});
