import { render, screen } from '@testing-library/react';
import { type ComponentType, lazy } from 'react';
import { expect, it, vi } from 'vitest';
import { LoadWhenNear } from './load-when-near';

/** An IntersectionObserver that reports every observed element on screen at once. */
function everythingOnScreen() {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly report: IntersectionObserverCallback) {}
      observe(target: Element) {
        this.report([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
      }
      disconnect() {}
    },
  );
}

/** A page whose form loads lazily, when near the screen, above the rest of the page. */
function renderPage(Form: ComponentType) {
  return render(
    <main>
      <LoadWhenNear className="min-h-40">
        <Form />
      </LoadWhenNear>
      <p>Rest of the page</p>
    </main>,
  );
}

it('renders its lazy children once near the screen', async () => {
  everythingOnScreen();
  renderPage(lazy(async () => ({ default: () => <p>Newsletter form</p> })));
  expect(await screen.findByText('Newsletter form')).toBeTruthy();
});

it('keeps its placeholder, and the page, when the code cannot be fetched (offline)', async () => {
  everythingOnScreen();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const { container } = renderPage(
    lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
  );
  await vi.waitFor(() => expect(container.querySelector('.min-h-40')).not.toBeNull());
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(screen.getByText('Rest of the page')).toBeTruthy();
  expect(container.querySelector('.min-h-40')).not.toBeNull();
});
