import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { markPrerenderedStart } from '../../prerender/prerendered-start';
import { renderApp } from '../../testing/render-app';

const heroTitle = 'Turn cherished photos into a video worth keeping';

describe('opening /', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
  });

  it('scrolls to the top', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: heroTitle });
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('leaves a reader where they are when the app takes over the prerendered page', async () => {
    markPrerenderedStart();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: heroTitle });
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
