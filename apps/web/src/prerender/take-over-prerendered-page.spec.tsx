import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { consumePrerenderedStart } from './prerendered-start';
import { isPrerendered, takeOverPrerenderedPage } from './take-over-prerendered-page';

function prerenderedPage(): HTMLElement {
  document.head.innerHTML = '<title data-prerendered="">Landing</title><title>Memoreel</title>';
  document.body.innerHTML = '<div id="root" data-prerendered="" inert><h1>Prerendered</h1></div>';
  return document.getElementById('root')!;
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  consumePrerenderedStart();
});

it('tells a prerendered page from the plain shell', () => {
  expect(isPrerendered(prerenderedPage())).toBe(true);
  document.body.innerHTML = '<div id="root"></div>';
  expect(isPrerendered(document.getElementById('root')!)).toBe(false);
});

it("loads the route first, then puts the app's own tree in place and makes the page interactive", async () => {
  const container = prerenderedPage();
  // Rendering before the route's code is there would show the router's pending screen.
  const load = vi.fn(async () => expect(container.textContent).toBe('Prerendered'));
  const router = { load } as unknown as AnyRouter;

  await takeOverPrerenderedPage(container, router, <h1>Live</h1>);

  expect(load).toHaveBeenCalledOnce();
  expect(container.innerHTML).toBe('<h1>Live</h1>');
  expect(container.inert).toBe(false);
  expect(document.title).toBe('Memoreel');
  expect(consumePrerenderedStart()).toBe(true);
  expect(consumePrerenderedStart()).toBe(false);
});
