import { ChevronsLeftRight } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { cn } from '../lib/cn';

export interface ComparisonLabels {
  /** Over the left image, e.g. 'Before' or 'Original'. */
  before: string;
  /** Over the right image. */
  after: string;
  /** The divider's accessible name. */
  divider: string;
}

interface ComparisonSliderProps {
  before: string;
  after: string;
  /** What the images are, for screen readers. */
  label: string;
  labels: ComparisonLabels;
  className?: string;
}

const KEY_STEPS: Record<string, (position: number) => number> = {
  ArrowLeft: (position) => position - 2,
  ArrowDown: (position) => position - 2,
  ArrowRight: (position) => position + 2,
  ArrowUp: (position) => position + 2,
  PageDown: (position) => position - 10,
  PageUp: (position) => position + 10,
  Home: () => 0,
  End: () => 100,
};

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}

/**
 * Before on the left of the divider, after on the right, in a 4:3 frame. The divider starts in the
 * middle, follows a drag (mouse, pen or touch) and moves with the arrow keys.
 */
export function ComparisonSlider({ before, after, label, labels, className }: ComparisonSliderProps) {
  const [position, setPosition] = useState(50);
  const frame = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const follow = (clientX: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setPosition(clampPercent(((clientX - box.left) / box.width) * 100));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    follow(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) follow(event.clientX);
  };
  const stop = () => {
    dragging.current = false;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    setPosition((current) => clampPercent(step(current)));
  };

  return (
    <div
      ref={frame}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      data-testid="comparison-frame"
      className={cn(
        'relative aspect-[4/3] w-full cursor-ew-resize touch-none select-none overflow-hidden rounded-xl bg-[repeating-conic-gradient(var(--muted)_0%_25%,var(--background)_0%_50%)] bg-[length:16px_16px]',
        className,
      )}
    >
      <img
        src={after}
        alt={`${label}, ${labels.after.toLowerCase()}`}
        draggable={false}
        className="absolute inset-0 size-full object-contain"
      />
      <img
        src={before}
        alt={`${label}, ${labels.before.toLowerCase()}`}
        draggable={false}
        className="absolute inset-0 size-full object-contain"
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
      <span className="pointer-events-none absolute top-2 left-2 rounded-md bg-black/55 px-2 py-0.5 font-medium text-white text-xs backdrop-blur-sm">
        {labels.before}
      </span>
      <span className="pointer-events-none absolute top-2 right-2 rounded-md bg-black/55 px-2 py-0.5 font-medium text-white text-xs backdrop-blur-sm">
        {labels.after}
      </span>
      <div
        role="slider"
        tabIndex={0}
        aria-label={labels.divider}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(position)}
        aria-valuetext={`${Math.round(position)}% ${labels.before.toLowerCase()}`}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        data-testid="comparison-divider"
        className="-translate-x-1/2 group absolute inset-y-0 flex w-8 justify-center focus-visible:outline-none"
        style={{ left: `${position}%` }}
      >
        <span className="h-full w-0.5 bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.25)]" />
        <span className="-translate-y-1/2 absolute top-1/2 grid size-8 place-items-center rounded-full bg-white text-neutral-800 shadow-md ring-1 ring-black/10 group-focus-visible:ring-2 group-focus-visible:ring-ring">
          <ChevronsLeftRight aria-hidden="true" className="size-4" />
        </span>
      </div>
    </div>
  );
}
