import { Thumbnail } from '@remotion/player';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { threePhotos } from '../test/fixtures.js';
import { MemoreelVideo } from './memoreel-video.js';
import type { MemoreelVideoProps } from './props.js';
import { videoMetadata } from './timing.js';

afterEach(cleanup);

function renderFrame(video: MemoreelVideoProps, frame: number) {
  const { durationInFrames, fps, width, height } = videoMetadata(video);
  return render(
    <Thumbnail
      component={MemoreelVideo}
      inputProps={video}
      frameToDisplay={frame}
      durationInFrames={durationInFrames}
      fps={fps}
      compositionWidth={width}
      compositionHeight={height}
    />,
  );
}

/** The photo layers a viewer can see: mounted, and not a premounted one (Remotion hides those with opacity 0). */
function visibleLayers(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLElement>('[data-photo-id]')]
    .filter((layer) => !hiddenByAncestor(layer))
    .map((layer) => ({
      id: layer.dataset.photoId,
      opacity: layer.style.opacity,
      transform: (layer.firstElementChild as HTMLElement).style.transform,
      src: layer.querySelector('img')?.getAttribute('src'),
    }));
}

function hiddenByAncestor(element: HTMLElement): boolean {
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (node.style.display === 'none' || node.style.opacity === '0') return true;
  }
  return false;
}

describe('MemoreelVideo', () => {
  it('draws the photo of the frame with its opacity and eased pose, on black', () => {
    const { container } = renderFrame(threePhotos(), 3);
    expect(visibleLayers(container)).toEqual([
      {
        id: 'a',
        opacity: '0.5',
        transform: expect.stringMatching(
          /^translate\(0\.0\d+%, -0\.0\d+%\) rotate\(0\.0\d+deg\) scale\(1\.0\d+\)$/,
        ),
        src: 'https://storage.test/a.jpg',
      },
    ]);
  });

  it('shows the end pose on a photo’s last frame', () => {
    const { container } = renderFrame(threePhotos({ transition: 'fade' }), 59);
    expect(visibleLayers(container)[0]).toMatchObject({
      id: 'a',
      opacity: '1',
      transform: 'translate(20%, -10%) rotate(30deg) scale(2)',
    });
  });

  it('moves a framed photo by its pose after its framing: a portrait filling a 9:16 video', () => {
    const video = threePhotos({ transition: 'fade', width: 1080, height: 1920 });
    video.photos[0] = { ...video.photos[0]!, framing: { scale: 1.334, translateX: 4.5, translateY: 0 } };
    const { container } = renderFrame(video, 59);
    expect(visibleLayers(container)[0]).toMatchObject({
      id: 'a',
      transform: 'translate(20%, -10%) rotate(30deg) scale(2) translate(4.5%, 0%) scale(1.334)',
    });
    // A photo without one is drawn whole, its pose alone.
    expect(visibleLayers(renderFrame(video, 89).container)[0]).toMatchObject({
      id: 'b',
      transform: expect.stringMatching(/^translate\([^)]*\) rotate\([^)]*\) scale\([^)]*\)$/),
    });
  });

  it('stacks a dissolve back to front in the DOM (no z-index): outgoing photo first, incoming on top', () => {
    const { container } = renderFrame(threePhotos({ transition: 'fade' }), 57);
    expect(visibleLayers(container).map(({ id, opacity }) => [id, opacity])).toEqual([
      ['a', '1'],
      ['b', '0.5'],
    ]);
  });

  it('slides: halfway through, the outgoing photo is half out to the left and the incoming half in from the right', () => {
    const { container } = renderFrame(threePhotos({ transition: 'slide' }), 57);
    const [outgoing, incoming] = visibleLayers(container);
    expect([outgoing?.id, outgoing?.opacity, incoming?.id, incoming?.opacity]).toEqual(['a', '1', 'b', '1']);
    // Each keeps its own motion (a: panning right to 20 %, b: just starting), moved by the slide.
    expect(outgoing?.transform).toMatch(/^translate\(-30\.\d+%, -9\.\d+%\)/);
    expect(incoming?.transform).toMatch(/^translate\(50%, 0%\)/);
  });

  it('mounts the next photo ahead of its turn in the preview, hidden, so it has loaded by then', () => {
    const { container } = renderFrame(threePhotos(), 3);
    const mounted = [...container.querySelectorAll<HTMLElement>('[data-photo-id]')];
    expect(mounted.map((layer) => [layer.dataset.photoId, hiddenByAncestor(layer)])).toEqual([
      ['a', false],
      ['b', true],
    ]);
  });

  it('draws nothing in a photo layer but the image (the web renderer has no group opacity)', () => {
    const { container } = renderFrame(threePhotos({ transition: 'fade' }), 57);
    for (const layer of container.querySelectorAll<HTMLElement>('[data-photo-id]')) {
      for (const element of [layer, ...layer.querySelectorAll<HTMLElement>('*')]) {
        expect(element.style.backgroundColor).toBe('');
        expect(element.style.border).toBe('');
      }
      expect(layer.querySelectorAll('img')).toHaveLength(1);
    }
  });

  it('uses no CSS filter on the photos and no z-index anywhere', () => {
    const { container } = renderFrame(threePhotos({ transition: 'fade' }), 60);
    for (const element of container.querySelectorAll<HTMLElement>('*')) {
      expect(element.style.filter).toBe('');
      expect(element.style.zIndex).toBe('');
    }
  });

  it('opens on the title card: its words in its typeface on its colour, the photos after it', () => {
    const opening = {
      title: 'Rose Ellis',
      subtitle: '1934 – 2024',
      background: { color: '#1c1917' },
      seconds: 3,
    };
    const video = threePhotos({ opening, font: 'script' });
    const { container } = renderFrame(video, 45);
    expect(container.textContent).toContain('Rose Ellis');
    expect(container.textContent).toContain('1934 – 2024');
    const title = [...container.querySelectorAll<HTMLElement>('div')].find(
      (div) => div.textContent === 'Rose Ellis',
    );
    expect(title?.parentElement?.style.fontFamily).toContain('Great Vibes');
    expect(visibleLayers(container)).toEqual([]);
    cleanup();
    const after = renderFrame(video, 100).container;
    expect(after.textContent).not.toContain('Rose Ellis');
    expect(visibleLayers(after).map((layer) => layer.id)).toEqual(['a']);
  });

  it('blurs and darkens a photo behind a card, the one filter it draws', () => {
    const closing = {
      message: 'Forever in our hearts',
      background: { url: 'https://storage.test/b.jpg' },
      seconds: 2,
    };
    const { container } = renderFrame(threePhotos({ closing }), 190);
    expect(container.textContent).toContain('Forever in our hearts');
    const backdrop = container.querySelector<HTMLImageElement>('img[src="https://storage.test/b.jpg"]');
    expect(backdrop?.style.filter).toBe('blur(28px) brightness(0.45)');
  });

  it('draws a photo’s caption still over it, in any script, fading within the photo’s own time', () => {
    const video = threePhotos({ transition: 'fade' });
    video.photos[0] = { ...video.photos[0]!, caption: { text: 'جدتي روز 🌹\n1962', placement: 'top' } };
    const middle = renderFrame(video, 30).container.querySelector<HTMLElement>('[data-caption]');
    expect(middle?.textContent).toBe('جدتي روز 🌹\n1962');
    expect(middle?.getAttribute('dir')).toBe('auto');
    expect(middle?.style.opacity).toBe('1');
    expect(middle?.style.fontFamily).toContain('Noto Naskh Arabic');
    expect(middle?.style.fontFamily).toContain('Noto Color Emoji');
    expect(middle?.parentElement?.style.justifyContent).toBe('flex-start');
    cleanup();
    // In the dissolve into photo b (frames 54–59) the caption has already gone.
    expect(renderFrame(video, 59).container.querySelector('[data-caption]')).toBeNull();
  });
});
