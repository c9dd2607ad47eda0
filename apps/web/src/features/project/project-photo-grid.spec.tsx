import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProjectPhotoGrid } from './project-photo-grid';

const photos = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `p${i}`, url: `/p${i}.jpg` }));

describe('ProjectPhotoGrid', () => {
  it('says so when the project has no photos', () => {
    render(<ProjectPhotoGrid photos={[]} photoCount={0} />);
    expect(screen.getByText('No photos added yet')).toBeTruthy();
  });

  it('shows five tiles and "+N" for the rest', () => {
    const { container } = render(<ProjectPhotoGrid photos={photos(6)} photoCount={9} />);
    expect(container.querySelectorAll('img')).toHaveLength(5);
    expect(container.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('mosaic');
    expect(screen.getByText('+4')).toBeTruthy();
  });
});
