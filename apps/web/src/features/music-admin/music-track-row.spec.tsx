import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MusicTrack } from './music-api';
import { MusicTrackRow } from './music-track-row';

const track: MusicTrack = {
  id: '5b3c8f0e-0a5e-4c9e-9f39-0d1f7d1a2b3c',
  title: 'Morning Light',
  artist: 'Memoreel',
  duration: 151.9,
  url: 'http://127.0.0.1/storage/music/a.mp3',
  isPublic: true,
  format: 'MPEG',
  sizeBytes: 3_646_365,
  createdAt: '2026-11-25T09:00:00.000Z',
};

function renderRow() {
  const onRename = vi.fn();
  render(
    <ul>
      <MusicTrackRow
        track={track}
        playing={false}
        onTogglePlay={vi.fn()}
        onRename={onRename}
        onTogglePublic={vi.fn()}
        onDelete={vi.fn()}
      />
    </ul>,
  );
  const edit = (value: string, key: 'Enter' | 'Escape') => {
    fireEvent.click(screen.getByRole('button', { name: /Rename/ }));
    const input = screen.getByRole('textbox', { name: 'New title for Morning Light' });
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key });
  };
  return { onRename, edit };
}

describe('renaming a track inline', () => {
  it('saves the trimmed title on Enter', () => {
    const { onRename, edit } = renderRow();
    edit('  Evening Light ', 'Enter');
    expect(onRename).toHaveBeenCalledWith('Evening Light');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('cancels on Escape', () => {
    const { onRename, edit } = renderRow();
    edit('Something else', 'Escape');
    expect(onRename).not.toHaveBeenCalled();
    expect(screen.getByText('Morning Light')).toBeTruthy();
  });

  it('sends nothing when the trimmed title is unchanged or blank', () => {
    const { onRename, edit } = renderRow();
    edit('  Morning Light  ', 'Enter');
    edit('   ', 'Enter');
    expect(onRename).not.toHaveBeenCalled();
  });

  it('shows the duration as m:ss with format and artist', () => {
    renderRow();
    expect(screen.getByText('2:32 · MPEG · Memoreel')).toBeTruthy();
  });
});
