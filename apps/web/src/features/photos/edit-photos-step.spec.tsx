import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openProjectStep, photoQuotaOf, projectStepAnswers } from '../../testing/project-step';
import { type GraphQLAnswers, stubGraphQL, variablesSent } from '../project/fake-graphql';
import { photoNotFound, samplePhotos } from './fake-photos';
import type { Photo } from './photos-api';

configure({ asyncUtilTimeout: 5_000 });
afterEach(() => vi.unstubAllGlobals());

function stubProject(photos: Photo[], answers: GraphQLAnswers = {}) {
  let stored = [...photos];
  return stubGraphQL({
    ...projectStepAnswers(() => stored),
    photoQuota: () => photoQuotaOf(stored.length),
    setPhotoFilter: ({ id, filter }) => {
      stored = stored.map((photo) =>
        photo.id === id ? { ...photo, filter: filter as Photo['filter'] } : photo,
      );
      return stored.find((photo) => photo.id === id);
    },
    setPhotoCaption: ({ id, caption }) => {
      stored = stored.map((photo) =>
        photo.id === id ? { ...photo, caption: caption as Photo['caption'] } : photo,
      );
      return stored.find((photo) => photo.id === id);
    },
    deletePhotos: ({ ids }) => {
      stored = stored.filter((photo) => !(ids as string[]).includes(photo.id));
      return ids;
    },
    ...answers,
  });
}

const open = () => openProjectStep('edit');

describe('step 3: Edit Your Photos', { timeout: 20_000 }, () => {
  it('shows one photo at a time, moved by buttons, arrow keys and the strip', async () => {
    stubProject(samplePhotos(3));
    open();
    expect(await screen.findByText('Photo 1 of 3')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'IMG_1000.jpg' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous photo' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByText('Photo 2 of 3')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(screen.getByText('Photo 3 of 3')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(screen.getByRole('article', { name: 'IMG_1001.jpg' })).toBeTruthy();

    const strip = screen.getByRole('region', { name: 'Photo order' });
    expect(within(strip).getByText('Drag to sort photos')).toBeTruthy();
    fireEvent.click(within(strip).getByRole('button', { name: 'IMG_1000.jpg, photo 1 of 3' }));
    expect(screen.getByText('Photo 1 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Sort Photos/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Next: Animate Photos/ })).toBeTruthy();
  });

  it('captions a photo as typed, in any script, within two lines and 100 characters, at the top if asked', async () => {
    const fetchMock = stubProject(samplePhotos(2));
    open();
    const input = (await screen.findByTestId('caption-input')) as HTMLTextAreaElement;
    expect(input.getAttribute('dir')).toBe('auto');
    fireEvent.change(input, { target: { value: 'جدتي روز 🌹\n1962' } });
    expect(screen.getByText('15/100')).toBeTruthy();
    // A third line, or a 101st character, is not taken.
    fireEvent.change(input, { target: { value: 'a\nb\nc' } });
    fireEvent.change(input, { target: { value: '🌹'.repeat(101) } });
    expect(input.value).toBe('جدتي روز 🌹\n1962');
    fireEvent.click(screen.getByRole('radio', { name: 'Top' }));
    await waitFor(() =>
      expect(variablesSent(fetchMock, 'mutation SetPhotoCaption').at(-1)).toEqual({
        id: 'photo-0',
        caption: { text: 'جدتي روز 🌹\n1962', placement: 'top' },
      }),
    );
    expect(variablesSent(fetchMock, 'mutation SetPhotoCaption')).toHaveLength(1);
    // Emptied, the caption is removed.
    fireEvent.change(input, { target: { value: '  ' } });
    await waitFor(() =>
      expect(variablesSent(fetchMock, 'mutation SetPhotoCaption').at(-1)).toEqual({
        id: 'photo-0',
        caption: null,
      }),
    );
  });

  it('offers the eight filters and applies one', async () => {
    const fetchMock = stubProject(samplePhotos(2));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Filter' });
    const options = within(dialog).getAllByRole('radio');
    expect(options.map((option) => option.textContent)).toEqual([
      'Original',
      'Grayscale',
      'Sepia',
      'Vintage',
      'Warm',
      'Cool',
      'Dramatic',
      'Bright',
    ]);
    // Each preview goes through its own SVG colour matrix.
    expect(options[2]?.querySelector('img')?.getAttribute('style')).toContain('url(#photo-filter-sepia)');
    expect(document.querySelector('filter#photo-filter-sepia feColorMatrix')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Sepia' }));
    expect(await screen.findByText('Filter applied')).toBeTruthy();
    expect(variablesSent(fetchMock, 'mutation SetPhotoFilter')[0]).toEqual({
      id: 'photo-0',
      filter: 'sepia',
    });
    expect(screen.getByRole('article', { name: 'IMG_1000.jpg' }).textContent).toContain('Sepia');
  });

  it('puts the filter back when it cannot be saved', async () => {
    stubProject(samplePhotos(1), {
      setPhotoFilter: photoNotFound,
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('radio', { name: 'Warm' }));
    expect(await screen.findByText('Failed to apply filter')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('article').textContent).not.toContain('Warm'));
  });

  it('deletes a photo after the confirm overlay', async () => {
    stubProject(samplePhotos(2));
    open();
    fireEvent.pointerDown(await screen.findByRole('button', { name: 'Photo options' }), {
      button: 0,
      ctrlKey: false,
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete photo' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Photo?' });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Photo removed')).toBeTruthy();
    expect(await screen.findByText('Photo 1 of 1')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'IMG_1001.jpg' })).toBeTruthy();
  });
});
