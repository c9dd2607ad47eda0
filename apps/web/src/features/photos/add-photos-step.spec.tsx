import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { photoQuotaOf, projectStepAnswers } from '../../testing/project-step';
import { renderApp } from '../../testing/render-app';
import { type GraphQLAnswers, signedInClient, stubGraphQL } from '../project/fake-graphql';
import { jpegFile, PROJECT_ID, samplePhoto, samplePhotos, stubPresignedPuts } from './fake-photos';
import type { Photo, PhotoUploadFile } from './photos-api';

// Routes load lazily and two shared cores run several suites: give screens time to appear.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const PATH = `/project/${PROJECT_ID}/photos`;

/** A project with `photos` under a plan of `limit`; uploads and deletes change the stored photos. */
function stubProject(photos: Photo[], limit = 50, answers: GraphQLAnswers = {}) {
  let stored = [...photos];
  const quota = () => photoQuotaOf(stored.length, limit);
  const fetchMock = stubGraphQL({
    ...projectStepAnswers(() => stored),
    photoQuota: quota,
    requestPhotoUploads: ({ files }) => {
      const wanted = files as PhotoUploadFile[];
      const fits = Math.min(wanted.length, quota().remaining);
      return {
        slots: wanted.slice(0, fits).map((_file, fileIndex) => ({
          uploadId: `up-${fileIndex}`,
          fileIndex,
          url: `/storage/upload/up-${fileIndex}`,
          headers: [{ name: 'content-type', value: 'image/jpeg' }],
        })),
        skipped: wanted.length - fits,
        quota: quota(),
      };
    },
    completePhotoUploads: ({ uploadIds }) =>
      (uploadIds as string[]).map((uploadId) => {
        const photo = samplePhoto(100 + stored.length, { id: `new-${uploadId}` });
        stored.push(photo);
        return { uploadId, photo, error: null };
      }),
    deletePhotos: ({ ids }) => {
      stored = stored.filter((photo) => !(ids as string[]).includes(photo.id));
      return ids;
    },
    ...answers,
  });
  return fetchMock;
}

const asked = (fetchMock: ReturnType<typeof stubGraphQL>, operation: string) =>
  fetchMock.mock.calls
    .map(
      ([, init]) => JSON.parse(String(init?.body)) as { query: string; variables: Record<string, unknown> },
    )
    .filter(
      (body) =>
        body.query.trim().startsWith(`mutation ${operation}`) || body.query.includes(`query ${operation}(`),
    )
    .map((body) => body.variables);

const dropFiles = (files: File[]) =>
  fireEvent.change(screen.getByTestId('photo-file-input'), { target: { files } });

describe('step 1: Add Your Photos', () => {
  it('shows the quota, the hint, an empty grid and no way on without photos', async () => {
    stubProject([]);
    renderApp(PATH, signedInClient());
    expect(await screen.findByText('Upload and organize your photos to create your video')).toBeTruthy();
    expect(screen.getByText('JPG, PNG, GIF or WEBP (max 10MB per file)')).toBeTruthy();
    expect(screen.getByText(/phone \(HEIC\) are welcome/)).toBeTruthy();
    expect(await screen.findByText('50 photos remaining')).toBeTruthy();
    expect(screen.getByText('0 of 50 photos · 0%')).toBeTruthy();
    expect(screen.getByText('0 photo(s) in project')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Next: Sort Photos/ })).toBeNull();
  });

  it('uploads in batches of 3 with presigned PUTs, shows progress, then the photos', {
    timeout: 20_000,
  }, async () => {
    const fetchMock = stubProject([]);
    const puts = stubPresignedPuts({ delayMs: 10 });
    renderApp(PATH, signedInClient());
    await screen.findByText('50 photos remaining');
    dropFiles(Array.from({ length: 7 }, (_, index) => jpegFile(`beach-${index}.jpg`)));

    expect(await screen.findByText(/Uploading photos, \d of 7 remaining\.\.\./)).toBeTruthy();
    expect(await screen.findByText('Successfully uploaded 7 photo(s)')).toBeTruthy();
    expect(screen.getByText('Your photos are ready to be organized and edited')).toBeTruthy();
    expect(await screen.findByText('7 photo(s) in project')).toBeTruthy();
    expect(puts.sent).toHaveLength(7);
    expect(puts.sent[0]?.headers).toEqual({ 'content-type': 'image/jpeg' });
    expect(puts.mostAtOnce()).toBe(3);
    expect(asked(fetchMock, 'CompletePhotoUploads').map((v) => (v.uploadIds as string[]).length)).toEqual([
      3, 3, 1,
    ]);
    expect(screen.getByRole('link', { name: /Next: Sort Photos/ })).toBeTruthy();
  });

  it('names a file that failed, and says so when none arrived', async () => {
    stubProject([]);
    stubPresignedPuts({ failing: ['up-0'] });
    renderApp(PATH, signedInClient());
    await screen.findByText('50 photos remaining');
    dropFiles([jpegFile('broken.jpg')]);
    expect(await screen.findByText('Failed to upload broken.jpg')).toBeTruthy();
    expect(await screen.findByText('Upload failed')).toBeTruthy();
  });

  it('refuses files of other types before uploading', async () => {
    const fetchMock = stubProject([]);
    renderApp(PATH, signedInClient());
    await screen.findByText('50 photos remaining');
    dropFiles([new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })]);
    expect(await screen.findByText('Failed to upload menu.pdf')).toBeTruthy();
    expect(asked(fetchMock, 'RequestPhotoUploads')).toHaveLength(0);
  });

  it('asks before uploading only the photos that fit, then says how many were skipped', {
    timeout: 20_000,
  }, async () => {
    const fetchMock = stubProject(samplePhotos(47));
    stubPresignedPuts();
    renderApp(PATH, signedInClient());
    expect(await screen.findByText('3 photos remaining')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Plan quota' }).getAttribute('data-level')).toBe('warning');
    dropFiles(Array.from({ length: 5 }, (_, index) => jpegFile(`party-${index}.jpg`)));

    const dialog = await screen.findByRole('dialog', { name: 'Photo Limit Reached' });
    expect(
      within(dialog).getByText(
        'You can only upload 3 more photos with your current plan. Upgrade to add more.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload 3 photos' }));

    expect(await screen.findByText('Uploaded 3 photos')).toBeTruthy();
    expect(screen.getByText('2 photos were skipped due to plan limits')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade Plan' })).toBeTruthy();
    expect(asked(fetchMock, 'RequestPhotoUploads')[0]?.files).toHaveLength(3);
    expect(await screen.findByText('Photo limit reached')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Plan quota' }).getAttribute('data-level')).toBe('reached');
  });

  it('opens the upgrade modal when the plan is full', async () => {
    stubProject(samplePhotos(50));
    renderApp(PATH, signedInClient());
    expect(await screen.findByText('Photo limit reached')).toBeTruthy();
    dropFiles([jpegFile('one-more.jpg')]);
    expect(
      await screen.findByText(
        "You've reached the limit of 50 photos for your current plan. Upgrade to add more.",
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Upgrade Your Project' })).toBeTruthy();
  });

  it('selects a range with shift and deletes it after the 300 ms flag', async () => {
    const fetchMock = stubProject(samplePhotos(6));
    renderApp(PATH, signedInClient());
    expect(await screen.findByText('6 photo(s) in project')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'IMG_1001.jpg' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'IMG_1004.jpg' }), { shiftKey: true });
    expect(screen.getByText(/4 selected/)).toBeTruthy();
    const remove = screen.getByRole('button', { name: 'Delete (4)' });
    fireEvent.click(remove);
    await waitFor(() => expect(document.querySelectorAll('[data-deleting]')).toHaveLength(4));
    expect(asked(fetchMock, 'DeletePhotos')).toHaveLength(0);

    expect(await screen.findByText('Deleted 4 photo(s)')).toBeTruthy();
    expect(asked(fetchMock, 'DeletePhotos')[0]?.ids).toEqual(['photo-1', 'photo-2', 'photo-3', 'photo-4']);
    expect(await screen.findByText('2 photo(s) in project')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Delete \(/ })).toBeNull();
  });

  it('selects all, deselects all, and cancels', async () => {
    stubProject(samplePhotos(3));
    renderApp(PATH, signedInClient());
    fireEvent.click(await screen.findByRole('button', { name: 'Select All' }));
    expect(screen.getByRole('button', { name: 'Delete (3)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deselect All' }));
    expect(screen.queryByRole('button', { name: 'Delete (3)' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'IMG_1000.jpg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: /^Delete \(/ })).toBeNull();
  });

  it('opens a photo full size', async () => {
    stubProject(samplePhotos(2));
    renderApp(PATH, signedInClient());
    fireEvent.click(await screen.findByRole('button', { name: 'Preview IMG_1001.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'IMG_1001.jpg' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/storage/photo-1-full.webp');
  });

  it('shows the error screen when the photos cannot load', async () => {
    stubProject([], 50, {
      photos: () => {
        throw new Error('boom');
      },
    });
    renderApp(PATH, signedInClient());
    expect(await screen.findByRole('heading', { name: 'Error Loading Project' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
