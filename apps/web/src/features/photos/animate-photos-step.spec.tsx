import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openProjectStep, projectStepAnswers } from '../../testing/project-step';
import { type GraphQLAnswers, stubGraphQL, variablesSent } from '../project/fake-graphql';
import { photoNotFound, samplePhoto, samplePhotos } from './fake-photos';
import type { Photo } from './photos-api';

configure({ asyncUtilTimeout: 5_000 });
afterEach(() => vi.unstubAllGlobals());

function stubProject(photos: Photo[], answers: GraphQLAnswers = {}) {
  return stubGraphQL({
    ...projectStepAnswers(() => photos),
    setPhotoTransforms: ({ id, transforms }) => ({
      ...photos.find((photo) => photo.id === id),
      transforms,
    }),
    ...answers,
  });
}

const saves = (fetchMock: ReturnType<typeof stubGraphQL>) =>
  variablesSent(fetchMock, 'mutation SetPhotoTransforms');

const open = () => openProjectStep('animate');

describe('step 4: Animate Your Photos', () => {
  it('edits the end pose with the zoom control and saves it after a quiet moment', async () => {
    const fetchMock = stubProject(samplePhotos(2));
    open();
    expect(await screen.findByText('Photo 1 of 2')).toBeTruthy();
    const startTab = screen.getByRole('tab', { name: 'Start Position' });
    expect(startTab.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'End Position' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    // The zoom percentage shows while zooming.
    const frame = screen.getByTestId('animation-frame');
    expect(within(frame).getByText('120%')).toBeTruthy();
    expect(screen.getByTestId('animation-pose').style.transform).toBe(
      'translate(0%, 0%) rotate(0deg) scale(1.2)',
    );
    expect(saves(fetchMock)).toHaveLength(0);

    await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
    expect(saves(fetchMock)[0]).toEqual({
      id: 'photo-0',
      transforms: {
        start: { scale: 1, translateX: 0, translateY: 0, rotate: 0 },
        end: { scale: 1.2, translateX: 0, translateY: 0, rotate: 0 },
      },
    });
  });

  it('moves the photo with the arrow keys and rotates with the buttons, showing degrees over a grid', async () => {
    const fetchMock = stubProject(samplePhotos(1));
    open();
    const frame = await screen.findByTestId('animation-frame');
    fireEvent.keyDown(frame, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(frame, { key: 'ArrowDown' });
    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    expect(within(frame).getByText('15°')).toBeTruthy();
    expect(screen.getByTestId('animation-pose').style.transform).toBe(
      'translate(5%, 3%) rotate(15deg) scale(1)',
    );
    // Switching keyframe saves at once.
    fireEvent.click(screen.getByRole('tab', { name: 'End Position' }));
    await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
    expect(saves(fetchMock)[0]?.transforms).toHaveProperty('start', {
      scale: 1,
      translateX: 5,
      translateY: 3,
      rotate: 15,
    });
    expect(screen.getByTestId('animation-pose').style.transform).toBe(
      'translate(0%, 0%) rotate(0deg) scale(1)',
    );
  });

  it('sends an edit still inside its 500 ms with keepalive when the page goes away, once', async () => {
    const fetchMock = stubProject(samplePhotos(1));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate right' }));
    window.dispatchEvent(new Event('pagehide'));
    const sent = fetchMock.mock.calls.filter(([, init]) => init?.keepalive === true);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]?.[1]?.body)).variables).toEqual({
      id: 'photo-0',
      transforms: {
        start: { scale: 1, translateX: 0, translateY: 0, rotate: 15 },
        end: { scale: 1, translateX: 0, translateY: 0, rotate: 0 },
      },
    });
    // The debounce has nothing left to save, and the tab hiding after it sends nothing more.
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    delete (document as { visibilityState?: unknown }).visibilityState;
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(saves(fetchMock)).toHaveLength(1);
  });

  it('sends a pending edit with keepalive when the tab is hidden (a phone switching apps)', async () => {
    const fetchMock = stubProject(samplePhotos(1));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Zoom in' }));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    delete (document as { visibilityState?: unknown }).visibilityState;
    const sent = fetchMock.mock.calls.filter(([, init]) => init?.keepalive === true);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]?.[1]?.body)).variables.transforms.start.scale).toBe(1.1);
  });

  it('saves a pending edit at once when the step is left before the 500 ms are up', async () => {
    const fetchMock = stubProject(samplePhotos(1));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate left' }));
    fireEvent.click(screen.getByRole('link', { name: /Next: Design Video/ }));
    await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
    expect(saves(fetchMock)[0]?.transforms).toHaveProperty('start.rotate', -15);
  });

  it('previews the motion and stops it', async () => {
    stubProject(samplePhotos(1));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Preview Animation' }));
    const stop = screen.getByRole('button', { name: 'Stop Preview' });
    fireEvent.click(stop);
    expect(screen.getByRole('button', { name: 'Preview Animation' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Start Position' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says when the motion could not be saved', async () => {
    stubProject(samplePhotos(1), {
      setPhotoTransforms: photoNotFound,
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Zoom out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    await act(async () => {});
    expect(await screen.findByText('Failed to update transform')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Edit Photos/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Next: Design Video/ })).toBeTruthy();
  });

  describe('Auto motion', () => {
    const still = { scale: 1, translateX: 0, translateY: 0, rotate: 0 };
    /** A photo whose one face sits in its top right corner. */
    const faceTopRight = (index: number) =>
      samplePhoto(index, {
        subjects: { kind: 'faces', boxes: [{ x: 1200, y: 150, width: 200, height: 240 }] },
      });

    it('moves toward the face and saves both keyframes at once; Undo puts the still motion back', async () => {
      const fetchMock = stubProject([faceTopRight(0)]);
      open();
      expect(await screen.findByText(/moves toward the faces in each photo/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Auto motion' }));
      await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
      const { transforms } = saves(fetchMock)[0] as {
        transforms: { start: typeof still; end: typeof still };
      };
      // It ends closer in, the face brought toward the middle: the photo moves left and down.
      expect(transforms.end.scale).toBeGreaterThan(1);
      expect(transforms.end.translateX).toBeLessThan(0);
      expect(transforms.end.translateY).toBeGreaterThan(0);
      expect(screen.getByText('Auto motion applied.')).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(saves(fetchMock)).toHaveLength(2));
      expect(saves(fetchMock)[1]).toEqual({ id: 'photo-0', transforms: { start: still, end: still } });
      expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    });

    it('asks before replacing motion the user set, and Cancel keeps it', async () => {
      const own = { start: still, end: { scale: 2, translateX: 10, translateY: 0, rotate: 5 } };
      const fetchMock = stubProject([samplePhoto(0, { transforms: own })]);
      open();
      fireEvent.click(await screen.findByRole('button', { name: 'Auto motion' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Replace your motion?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(saves(fetchMock)).toHaveLength(0);

      fireEvent.click(screen.getByRole('button', { name: 'Auto motion' }));
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Replace' }),
      );
      await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(saves(fetchMock)[1]).toEqual({ id: 'photo-0', transforms: own }));
    });

    it('for all photos: each its own move, the user’s own motion kept when they say so; Undo restores them', async () => {
      const own = { start: still, end: { scale: 1.5, translateX: 0, translateY: 0, rotate: 0 } };
      const photos = [faceTopRight(0), faceTopRight(1), samplePhoto(2, { transforms: own })];
      const fetchMock = stubProject(photos);
      open();
      fireEvent.click(await screen.findByRole('button', { name: 'Auto motion for all photos' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Replace your motion?' });
      expect(within(dialog).getByText(/You set the motion of 1 photo yourself/)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
      await waitFor(() => expect(saves(fetchMock)).toHaveLength(2));
      const sent = saves(fetchMock) as {
        id: string;
        transforms: { start: typeof still; end: typeof still };
      }[];
      expect(sent.map((save) => save.id).sort()).toEqual(['photo-0', 'photo-1']);
      // Neighbours move differently (in, then out): the same face, not the same move.
      expect(sent[0]?.transforms).not.toEqual(sent[1]?.transforms);
      expect(await screen.findByText('Auto motion applied to 2 photos.')).toBeTruthy();
      // The open photo shows its new end at once.
      fireEvent.click(screen.getByRole('tab', { name: 'End Position' }));
      expect(screen.getByTestId('animation-pose').style.transform).toBe(
        `translate(${sent[0]?.transforms.end.translateX}%, ${sent[0]?.transforms.end.translateY}%) rotate(0deg) scale(${sent[0]?.transforms.end.scale})`,
      );

      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(saves(fetchMock)).toHaveLength(4));
      expect(
        saves(fetchMock)
          .slice(2)
          .map((save) => (save as { id: string }).id)
          .sort(),
      ).toEqual(['photo-0', 'photo-1']);
      expect(saves(fetchMock).slice(2)).toContainEqual({
        id: 'photo-0',
        transforms: { start: still, end: still },
      });
    });
  });
});
