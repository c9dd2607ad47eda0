import { configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { jpegFile, stubPresignedPuts } from '../photos/fake-photos';
import { signedInClient, stubGraphQL } from '../project/fake-graphql';

configure({ asyncUtilTimeout: 5_000 });
afterEach(() => vi.unstubAllGlobals());

const LINK_ID = '7c1a4e0e-1f7b-4a51-9d2c-3e8f0b6a9d11';
const PROJECT_ID = '3b0f8d4c-6a0e-4a52-9d1e-2f1f7d8b9c10';
const INVALID = { message: 'Invalid or expired upload link', code: 'NOT_FOUND' };

/** Ada's link to "Grandma turns 90", open for another day. */
const openLink = () => ({
  id: LINK_ID,
  projectId: PROJECT_ID,
  projectName: 'Grandma turns 90',
  inviterName: 'Ada',
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
});

describe('/shared-upload/{linkId}', () => {
  it('an unknown, expired or deactivated link says "Invalid or expired upload link"', async () => {
    stubGraphQL({
      friendUploadLink: () => {
        throw INVALID;
      },
    });
    renderApp(`/shared-upload/${LINK_ID}`);
    expect(await screen.findByText('Invalid or expired upload link')).toBeTruthy();
  });

  it('names the project and the inviter, and uploads through the link as pending photos', async () => {
    const fetchMock = stubGraphQL({
      friendUploadLink: openLink,
      requestFriendPhotoUploads: ({ linkId, projectId }) => {
        expect([linkId, projectId]).toEqual([LINK_ID, PROJECT_ID]);
        return {
          slots: [{ uploadId: 'up-0', fileIndex: 0, url: '/storage/upload/up-0', headers: [] }],
          skipped: 0,
          quota: { count: 1, limit: 50, remaining: 49 },
        };
      },
      completeFriendPhotoUploads: ({ uploadIds }) =>
        (uploadIds as string[]).map((uploadId) => ({ uploadId, accepted: true, error: null })),
      pendingPhotoSummary: () => ({ total: 0, projects: [] }),
    });
    stubPresignedPuts();
    renderApp(`/shared-upload/${LINK_ID}`, signedInClient());
    expect((await screen.findByTestId('shared-upload-invite')).textContent).toBe(
      'Ada invited you to add photos to "Grandma turns 90".',
    );
    fireEvent.change(await screen.findByTestId('photo-file-input'), {
      target: { files: [jpegFile('cake.jpg')] },
    });
    expect((await screen.findByTestId('friend-upload-done')).textContent).toContain('Uploaded 1 photo(s)');
    const operations = fetchMock.mock.calls.map(([, init]) => String(init?.body));
    expect(operations.some((body) => body.includes('completeFriendPhotoUploads'))).toBe(true);
    expect(operations.some((body) => body.includes('requestPhotoUploads('))).toBe(false);
  });

  it('a link deactivated while the page is open: the upload is refused and the page says so', async () => {
    stubGraphQL({
      friendUploadLink: openLink,
      requestFriendPhotoUploads: () => {
        throw INVALID;
      },
      pendingPhotoSummary: () => ({ total: 0, projects: [] }),
    });
    renderApp(`/shared-upload/${LINK_ID}`, signedInClient());
    fireEvent.change(await screen.findByTestId('photo-file-input'), {
      target: { files: [jpegFile('cake.jpg')] },
    });
    expect(await screen.findByText('Invalid or expired upload link')).toBeTruthy();
  });
});
