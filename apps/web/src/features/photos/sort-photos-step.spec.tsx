import { QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { openProjectStep, projectStepAnswers } from '../../testing/project-step';
import { type GraphQLAnswers, stubGraphQL } from '../project/fake-graphql';
import { PROJECT_ID, photoNotFound, samplePhotos } from './fake-photos';
import { movedPhoto, photoKeys, useReorderPhoto } from './photo-queries';
import type { Photo } from './photos-api';
import { moveOfDrag } from './sortable-photo-row';

configure({ asyncUtilTimeout: 5_000 });
afterEach(() => vi.unstubAllGlobals());

function stubProject(photos: Photo[], answers: GraphQLAnswers = {}) {
  return stubGraphQL({
    ...projectStepAnswers(() => photos),
    ...answers,
  });
}

const names = (photos: Photo[] | undefined) => photos?.map((photo) => photo.id);

describe('step 2: Sort Your Photos', () => {
  it('lays the photos between START and END, with the way back and on', async () => {
    stubProject(samplePhotos(3));
    openProjectStep('sort');
    expect(await screen.findByRole('heading', { name: 'Drag to Reorder' })).toBeTruthy();
    expect(screen.getByText('START')).toBeTruthy();
    expect(screen.getByText('END')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'IMG_1001.jpg, photo 2 of 3' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Add Photos/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Next: Edit Photos/ })).toBeTruthy();
  });

  it('sizes the thumbnails with the slider and remembers it as photoSize', async () => {
    stubProject(samplePhotos(2));
    openProjectStep('sort');
    const slider = await screen.findByRole('slider', { name: 'Photo size' });
    expect((slider as HTMLInputElement).value).toBe('50');
    const tile = () => document.querySelector<HTMLElement>('[data-photo-id="photo-0"]');
    expect(tile()?.style.width).toBe('130px');
    fireEvent.change(slider, { target: { value: '100' } });
    expect(tile()?.style.width).toBe('200px');
    expect(localStorage.getItem('photoSize')).toBe('100');
  });

  it('mounts only the tiles near the view of a long row, spacers keeping the places of the rest', async () => {
    stubProject(samplePhotos(400));
    openProjectStep('sort');
    expect(await screen.findByRole('button', { name: 'IMG_1000.jpg, photo 1 of 400' })).toBeTruthy();
    const tiles = document.querySelectorAll<HTMLElement>('[data-photo-id]');
    expect(tiles.length).toBeGreaterThan(10);
    expect(tiles.length).toBeLessThan(60);
    expect(screen.queryByRole('button', { name: /, photo 400 of 400$/ })).toBeNull();
    // The row is as wide as with every tile: 400 tiles of 130 px, 399 gaps of 12 px.
    const widths = [...document.querySelectorAll<HTMLElement>('ol > li')]
      .map((part) => Number.parseFloat(part.style.width))
      .filter((width) => !Number.isNaN(width));
    const sum = widths.reduce((total, width) => total + width, 0);
    expect(sum + (widths.length - 1) * 12).toBe(400 * 130 + 399 * 12);
  });

  it('says so when there is nothing to sort', async () => {
    stubProject([]);
    openProjectStep('sort');
    expect(await screen.findByText('No photos to sort. Please add photos first.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Next: Edit Photos/ })).toBeNull();
  });
});

describe('reordering (spec §7 "Reorder photos")', () => {
  it('reads a drag as from and to indexes', () => {
    expect(moveOfDrag(['a', 'b', 'c'], 'a', 'c')).toEqual({ from: 0, to: 2 });
    expect(moveOfDrag(['a', 'b', 'c'], 'c', 'a')).toEqual({ from: 2, to: 0 });
    expect(moveOfDrag(['a', 'b', 'c'], 'b', 'b')).toBeNull();
    expect(moveOfDrag(['a', 'b', 'c'], 'b', null)).toBeNull();
    expect(movedPhoto(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
  });

  function renderReorder(photos: Photo[]) {
    const queryClient = createQueryClient();
    queryClient.setQueryData(photoKeys.list(PROJECT_ID), photos);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    );
    const hook = renderHook(() => useReorderPhoto(PROJECT_ID), { wrapper });
    return { hook, shown: () => names(queryClient.getQueryData<Photo[]>(photoKeys.list(PROJECT_ID))) };
  }

  it("shows the new order at once and keeps the server's answer", async () => {
    const photos = samplePhotos(3);
    stubGraphQL({ reorderPhoto: () => [photos[1], photos[2], photos[0]] });
    const { hook, shown } = renderReorder(photos);
    act(() => hook.result.current.mutate({ from: 0, to: 2 }));
    await waitFor(() => expect(shown()).toEqual(['photo-1', 'photo-2', 'photo-0']));
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(shown()).toEqual(['photo-1', 'photo-2', 'photo-0']);
  });

  it('puts the old order back when the server refuses', async () => {
    const photos = samplePhotos(3);
    stubGraphQL({
      reorderPhoto: photoNotFound,
    });
    const { hook, shown } = renderReorder(photos);
    act(() => hook.result.current.mutate({ from: 2, to: 0 }));
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(shown()).toEqual(['photo-0', 'photo-1', 'photo-2']);
    expect(await screen.findByText('Failed to update photo order')).toBeTruthy();
  });
});
