import { photoWorkflowTexts } from '@memoreel/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { Button } from '../../ui/button';
import { photosContent } from './photos-content';

const SLIDE_MS = 280;

/** Keys typed into a field, a slider or an open dialog are theirs, not the carousel's. */
function belongsElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // Sortable tiles (the photo strip) move with the arrow keys while one is picked up.
  const owners =
    '[role="dialog"], [role="alertdialog"], [role="menu"], [data-own-arrows], [aria-roledescription="sortable"]';
  if (target.closest(owners)) return true;
  return target.matches('input, textarea, select, [contenteditable="true"], [role="slider"], [role="tab"]');
}

/** The photo index clamped to the photos there are (after a delete, the one that took its place). */
export function clampIndex(index: number, count: number): number {
  return count === 0 ? 0 : Math.min(count - 1, Math.max(0, index));
}

interface PhotoCarouselProps {
  index: number;
  count: number;
  onIndexChange: (index: number) => void;
  /** The slide: keyed by the photo so a new one slides in. */
  children: ReactNode;
  slideKey: string;
}

/** One photo at a time (spec §2 steps 3 and 4): 'Photo i of n', previous/next, arrow keys, a slide. */
export function PhotoCarousel({ index, count, onIndexChange, children, slideKey }: PhotoCarouselProps) {
  const slide = useRef<HTMLDivElement>(null);
  const previous = useRef({ key: slideKey, index });
  const text = photosContent.edit;

  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { key: slideKey, index };
    if (before.key === slideKey || !slide.current) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const from = index >= before.index ? 48 : -48;
    slide.current.animate?.(
      [
        { transform: `translateX(${from}px)`, opacity: 0 },
        { transform: 'translateX(0)', opacity: 1 },
      ],
      { duration: SLIDE_MS, easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)' },
    );
  }, [slideKey, index]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.metaKey || event.ctrlKey) return;
      if (belongsElsewhere(event.target)) return;
      if (event.key === 'ArrowLeft' && index > 0) onIndexChange(index - 1);
      else if (event.key === 'ArrowRight' && index < count - 1) onIndexChange(index + 1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [index, count, onIndexChange]);

  return (
    <section aria-roledescription="carousel" aria-label="Photos" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <Button
          variant="outline"
          size="icon"
          onClick={() => onIndexChange(index - 1)}
          disabled={index <= 0}
          aria-label={text.previous}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p aria-live="polite" className="font-medium text-sm tabular-nums">
          {photoWorkflowTexts.photoOf(index + 1, count)}
        </p>
        <Button
          variant="outline"
          size="icon"
          onClick={() => onIndexChange(index + 1)}
          disabled={index >= count - 1}
          aria-label={text.next}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <div className="overflow-hidden">
        <div ref={slide}>{children}</div>
      </div>
    </section>
  );
}
