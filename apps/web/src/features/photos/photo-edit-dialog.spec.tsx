import { AI_EDITING, photoEditMessages } from '@memoreel/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openProjectStep, photoQuotaOf, projectStepAnswers } from '../../testing/project-step';
import { type GraphQLAnswers, GraphQLFailure, stubGraphQL, variablesSent } from '../project/fake-graphql';
import { SAMPLE_EDIT_ID, samplePhoto, samplePhotoEdit, samplePhotos } from './fake-photos';
import type { PhotoEdit, PhotoEditKind } from './photo-edits-api';
import type { Photo } from './photos-api';

configure({ asyncUtilTimeout: 10_000 });

// The live socket, faked: the test pushes an edit's changes as the gateway would.
const live = vi.hoisted(() => ({
  push: (_data: unknown) => {},
  subscribed: [] as unknown[],
  unsubscribed: 0,
}));
vi.mock('../../lib/graphql-ws', () => ({
  subscribeLive: (
    query: string,
    variables: unknown,
    handlers: { onData: (data: unknown) => void; onError: (error: Error) => void },
  ) => {
    // The shell's own subscriptions (the notifications bell) hear nothing in these tests.
    if (!query.includes('photoEditChanged')) return { ready: Promise.resolve(), unsubscribe: () => {} };
    live.subscribed.push(variables);
    live.push = handlers.onData;
    return { ready: Promise.resolve(), unsubscribe: () => (live.unsubscribed += 1) };
  },
}));

beforeEach(() => {
  live.subscribed = [];
  live.unsubscribed = 0;
});
afterEach(() => vi.unstubAllGlobals());

const EDIT_ID = SAMPLE_EDIT_ID;

const edit = (kind: PhotoEditKind, overrides: Partial<PhotoEdit> = {}) =>
  samplePhotoEdit({ kind, ...overrides });

const push = (change: PhotoEdit) => live.push({ photoEditChanged: change });

/** Step 3 of a project on `product`, with the photo-edit operations answered as the gateway would. */
function stubStep(product: string, answers: GraphQLAnswers = {}) {
  let stored: Photo[] = samplePhotos(2);
  let current: PhotoEdit | null = null;
  const fetchMock = stubGraphQL({
    ...projectStepAnswers(() => stored, { product }),
    photoQuota: () => photoQuotaOf(stored.length),
    upgradeOptions: () => ({ currentTier: product, upgradeOptions: [] }),
    startPhotoEdit: ({ kind }) => {
      current = edit(kind as PhotoEditKind);
      return current;
    },
    photoEdit: () => current,
    applyPhotoEdit: () => {
      const applied = samplePhoto(0, {
        urls: {
          grid: '/storage/edited-grid.webp',
          strip: '/storage/edited-strip.webp',
          carousel: '/storage/edited-carousel.webp',
          full: '/storage/edited-full.webp',
        },
      });
      stored = [applied, ...stored.slice(1)];
      return applied;
    },
    discardPhotoEdit: () => true,
    ...answers,
  });
  const sent = (operation: string) => variablesSent(fetchMock, operation);
  return { sent };
}

const open = () => openProjectStep('edit');

const DIALOG_OF = { 'Remove Background': 'Background Removal', Enhance: 'AI Photo Enhancement' } as const;

/** Opens step 3 and, from the first photo's card, the dialog of `button`. */
async function openDialog(button: keyof typeof DIALOG_OF) {
  open();
  fireEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: DIALOG_OF[button] });
}

/** Starts Remove Background on a plan that includes it, the server refusing the start with `code`. */
async function removeBackgroundRefused(message: string, code: string) {
  stubStep('honor', {
    startPhotoEdit: () => {
      throw new GraphQLFailure(message, code);
    },
  });
  const dialog = await openDialog('Remove Background');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Background' }));
  return dialog;
}
const carouselSrc = () =>
  screen.getByRole('article', { name: 'IMG_1000.jpg' }).querySelector('img')?.getAttribute('src');

describe('step 3: Background Removal', { timeout: 20_000 }, () => {
  it('goes initial → working (live progress) → comparison → applied, and the carousel shows the result', async () => {
    const { sent } = stubStep('honor');
    const dialog = await openDialog('Remove Background');
    expect(within(dialog).getByRole('img', { name: 'IMG_1000.jpg' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Background' }));
    expect(
      await within(dialog).findByText('Starting background removal... This may take 2-10 seconds'),
    ).toBeTruthy();
    const working = within(dialog).getByRole('button', {
      name: 'Removing background...',
    }) as HTMLButtonElement;
    expect(working.disabled).toBe(true);
    await waitFor(() => expect(live.subscribed).toEqual([{ id: EDIT_ID }]));
    expect(sent('mutation StartPhotoEdit')).toEqual([{ photoId: 'photo-0', kind: 'REMOVE_BACKGROUND' }]);

    push(edit('REMOVE_BACKGROUND', { status: 'WORKING', progress: 0.4 }));
    const progress = within(dialog).getByRole('progressbar', { name: 'Background removal progress' });
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('40'));
    expect(within(dialog).getByText('40%')).toBeTruthy();
    // A late push never moves the bar back.
    push(edit('REMOVE_BACKGROUND', { status: 'WORKING', progress: 0.2 }));
    expect(progress.getAttribute('aria-valuenow')).toBe('40');

    push(
      edit('REMOVE_BACKGROUND', {
        status: 'READY',
        progress: 1,
        resultUrl: '/storage/result.png',
        resultWidth: 1600,
        resultHeight: 1200,
      }),
    );
    expect(await screen.findByText('Background removed successfully')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'IMG_1000.jpg, original' }).getAttribute('src')).toBe(
      '/storage/photo-0-full.webp',
    );
    expect(
      within(dialog).getByRole('img', { name: 'IMG_1000.jpg, background removed' }).getAttribute('src'),
    ).toBe('/storage/result.png');
    expect(within(dialog).getByText('Original')).toBeTruthy();
    const divider = within(dialog).getByRole('slider', {
      name: 'Comparison divider: drag or use the arrow keys',
    });
    fireEvent.keyDown(divider, { key: 'ArrowLeft' });
    expect(divider.getAttribute('aria-valuenow')).toBe('48');
    expect(live.unsubscribed).toBe(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Background Removal' })).toBeNull());
    expect(sent('mutation ApplyPhotoEdit')).toEqual([{ id: EDIT_ID }]);
    await waitFor(() => expect(carouselSrc()).toBe('/storage/edited-carousel.webp'));
    expect(sent('mutation DiscardPhotoEdit')).toEqual([]);
  });

  it('opens the upgrade prompt on the free plan instead of starting, for Enhance as for Remove Background', async () => {
    const { sent } = stubStep('free');
    open();
    // FREE has no AI editing (spec §9): both buttons carry the crown and lead to the upgrade.
    await waitFor(() => expect(screen.queryAllByTestId('upgrade-crown')).toHaveLength(2));
    for (const [name, title] of [
      ['Remove Background', 'Background Removal'],
      ['Enhance', 'AI Photo Enhancement'],
    ] as const) {
      fireEvent.click(await screen.findByRole('button', { name }));
      const upgrade = await screen.findByRole('dialog', { name: 'Upgrade Your Project' });
      expect(within(upgrade).getByTestId('upgrade-reason').textContent).toBe(
        photoEditMessages.upgradeRequired,
      );
      expect(screen.queryByRole('dialog', { name: title })).toBeNull();
      fireEvent.keyDown(upgrade, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upgrade Your Project' })).toBeNull());
    }
    expect(sent('mutation StartPhotoEdit')).toEqual([]);
  });

  it("tells what the plan's level gives in each dialog", async () => {
    stubStep('remember');
    const cutout = await openDialog('Remove Background');
    expect(within(cutout).getByTestId('ai-editing-level').textContent).toBe(AI_EDITING.basic.cutoutText);
    fireEvent.keyDown(cutout, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Background Removal' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Enhance' }));
    const enhance = await screen.findByRole('dialog', { name: 'AI Photo Enhancement' });
    expect(within(enhance).getByTestId('ai-editing-level').textContent).toBe(AI_EDITING.basic.enhanceText);
  });

  it('turns the server refusing the plan (UPGRADE_REQUIRED) into the upgrade prompt', async () => {
    await removeBackgroundRefused('Remove Background is not included in your plan', 'UPGRADE_REQUIRED');
    expect(await screen.findByRole('dialog', { name: 'Upgrade Your Project' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Background Removal' })).toBeNull();
  });

  it('says clearly when the photo is already being edited', async () => {
    const dialog = await removeBackgroundRefused(
      'An edit of this photo is already running',
      'PHOTO_EDIT_IN_PROGRESS',
    );
    expect(
      await screen.findByText(
        'This photo is already being edited. Wait for that edit to finish, then try again.',
      ),
    ).toBeTruthy();
    const again = within(dialog).getByRole('button', { name: 'Remove Background' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
  });

  it('says to wait when the user already has their most edits on the way', async () => {
    await removeBackgroundRefused(photoEditMessages.queueFull, 'PHOTO_EDITS_QUEUE_FULL');
    expect(await screen.findByText(photoEditMessages.queueFull)).toBeTruthy();
    expect(photoEditMessages.queueFull).toContain('Wait for your edits to finish');
  });
});

describe('step 3: AI Photo Enhancement', { timeout: 20_000 }, () => {
  it("'Keep Original' discards the result on the server and leaves the photo as it was", async () => {
    const { sent } = stubStep('cherish');
    const dialog = await openDialog('Enhance');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enhance Photo' }));
    expect(
      await within(dialog).findByText('Starting photo enhancement... This may take 30-60 seconds'),
    ).toBeTruthy();
    await waitFor(() => expect(live.subscribed).toHaveLength(1));
    push(
      edit('ENHANCE', {
        status: 'READY',
        progress: 1,
        resultUrl: '/storage/enhanced.png',
        resultWidth: 3200,
        resultHeight: 2400,
      }),
    );
    expect(await screen.findByText('Photo enhanced successfully')).toBeTruthy();
    expect(within(dialog).getByText('1600 × 1200 → 3200 × 2400')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Apply Enhancement' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Original' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'AI Photo Enhancement' })).toBeNull());
    await waitFor(() => expect(sent('mutation DiscardPhotoEdit')).toEqual([{ id: EDIT_ID }]));
    expect(sent('mutation ApplyPhotoEdit')).toEqual([]);
    expect(carouselSrc()).toBe('/storage/photo-0-carousel.webp');
  });

  it('catches a result that came before the subscription was in place', async () => {
    stubStep('honor', {
      photoEdit: () => edit('ENHANCE', { status: 'READY', progress: 1, resultUrl: '/storage/enhanced.png' }),
    });
    const dialog = await openDialog('Enhance');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enhance Photo' }));
    expect(await within(dialog).findByRole('button', { name: 'Apply Enhancement' })).toBeTruthy();
  });

  it('shows the failure and its reason, then offers the action again', async () => {
    stubStep('honor');
    const dialog = await openDialog('Enhance');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enhance Photo' }));
    await waitFor(() => expect(live.subscribed).toHaveLength(1));
    push(edit('ENHANCE', { status: 'FAILED', error: 'Failed to decode enhanced image data' }));
    expect(await screen.findByText('Failed to enhance photo')).toBeTruthy();
    expect(screen.getByText('Failed to decode enhanced image data')).toBeTruthy();
    const again = within(dialog).getByRole('button', { name: 'Enhance Photo' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
  });

  it('closing while it works lets the result go on the server', async () => {
    const { sent } = stubStep('honor');
    const dialog = await openDialog('Enhance');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enhance Photo' }));
    await waitFor(() => expect(live.subscribed).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'AI Photo Enhancement' })).toBeNull());
    await waitFor(() => expect(sent('mutation DiscardPhotoEdit')).toEqual([{ id: EDIT_ID }]));
    expect(live.unsubscribed).toBe(1);
  });
});
