import { configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectStepAnswers } from '../../testing/project-step';
import { renderApp } from '../../testing/render-app';
import { signedInClient, stubGraphQL } from '../project/fake-graphql';
import type { Share } from './sharing-api';

configure({ asyncUtilTimeout: 5_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PROJECT_ID = '3b0f8d4c-6a0e-4a52-9d1e-2f1f7d8b9c10';
const SHARE_ID = '7f2c1e0a-4b1d-4c8e-9a3f-5d6e7f8a9b0c';
const PATH = `/project/${PROJECT_ID}/share`;

function sampleShare(ogImageUrl: string | null): Share {
  return {
    id: SHARE_ID,
    projectId: PROJECT_ID,
    shareTitle: 'Grandma Rose',
    author: null,
    message: null,
    showViewCount: true,
    viewCount: 0,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    ogImageUrl,
  };
}

function stubShareStep(existing: Share | null, created: Share = sampleShare(null)) {
  return stubGraphQL({
    ...projectStepAnswers(() => [], { photoCount: 1 }),
    projectShare: () => existing,
    createShare: () => created,
  });
}

/** The page's clipboard: what was written, or a refusal (a browser without permission). */
function stubClipboard(refuse = false) {
  return vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async () => {
    if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
  });
}

/** The step of a project already shared, with a clipboard that takes what is copied. */
function openSharedProject() {
  const writeText = stubClipboard();
  stubShareStep(sampleShare(null));
  renderApp(PATH, signedInClient());
  return writeText;
}

describe('step 8: Share Your Video', () => {
  it('says the custom preview image was made when sharing made one', async () => {
    stubShareStep(null, sampleShare(`http://localhost/og/${SHARE_ID}.jpg?v=abc`));
    renderApp(PATH, signedInClient());
    fireEvent.click(await screen.findByRole('button', { name: 'Share Video' }));
    expect(await screen.findByText('Video shared with custom preview image!')).toBeTruthy();
  });

  it('says the video is shared without its custom preview image when that could not be made', async () => {
    stubShareStep(null, sampleShare(null));
    renderApp(PATH, signedInClient());
    fireEvent.click(await screen.findByRole('button', { name: 'Share Video' }));
    expect(
      await screen.findByText('Video shared successfully, but custom preview image could not be generated'),
    ).toBeTruthy();
  });

  it('copies the link with a toast, and says so when the clipboard refuses', async () => {
    const writeText = openSharedProject();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/v/${SHARE_ID}`);
    expect(screen.queryByText('Copied')).toBeNull();

    stubClipboard(true);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Failed to copy link')).toBeTruthy();
  });

  it('copies the link for Instagram and says to share it there', async () => {
    const writeText = openSharedProject();
    fireEvent.click(await screen.findByRole('button', { name: 'Instagram' }));
    expect(await screen.findByText('Copy the link and share it on Instagram')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/v/${SHARE_ID}`);
  });
});
