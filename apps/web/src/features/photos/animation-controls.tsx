import { TRANSFORM_LIMITS } from '@memoreel/domain';
import { type LucideIcon, Minus, Plus, RotateCcw, RotateCw } from 'lucide-react';
import { type KeyboardEvent, useId } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { Slider } from '../../ui/slider';
import { photosContent } from './photos-content';

/** The animation editor's controls (spec §2 step 4): keyframe tabs, zoom, rotation and the overlays. */

const text = photosContent.animate;
export type Keyframe = 'start' | 'end';
export const ZOOM_BUTTON_STEP = 0.1;
export const ROTATION_BUTTON_STEP = 15;

export function KeyframeTabs({
  id,
  keyframe,
  onChange,
}: {
  id: string;
  keyframe: Keyframe;
  onChange: (keyframe: Keyframe) => void;
}) {
  const tabs: { value: Keyframe; label: string }[] = [
    { value: 'start', label: text.start },
    { value: 'end', label: text.end },
  ];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = keyframe === 'start' ? 'end' : 'start';
    onChange(next);
    document.getElementById(`${id}-${next}`)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Keyframe"
      onKeyDown={onKeyDown}
      className="inline-flex rounded-lg border bg-muted/60 p-1"
    >
      {tabs.map((tab) => (
        <button
          key={tab.value}
          id={`${id}-${tab.value}`}
          type="button"
          role="tab"
          aria-selected={keyframe === tab.value}
          aria-controls={`${id}-panel`}
          tabIndex={keyframe === tab.value ? 0 : -1}
          onClick={() => onChange(tab.value)}
          className={cn(
            'rounded-md px-3 py-1.5 font-medium text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            keyframe === tab.value
              ? 'bg-background shadow-sm'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

interface ControlProps {
  onChange: (value: number) => void;
  onStep: (step: number) => void;
  onInteractionStart: () => void;
  onInteractionEnd: () => void;
}

/** A small outlined button that nudges the control one step, named for screen readers by `label`. */
function StepButton({
  label,
  icon: Icon,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
}) {
  return (
    <Button variant="outline" size="icon" className="size-8" onClick={onClick} aria-label={label}>
      <Icon aria-hidden="true" />
    </Button>
  );
}

/** A slider's moves as numbers, and the drag around them, so the preview knows when one starts and ends. */
function sliderHandlers({ onChange, onInteractionStart, onInteractionEnd }: Omit<ControlProps, 'onStep'>) {
  return {
    onValueChange: onChange,
    onPointerDown: onInteractionStart,
    onPointerUp: onInteractionEnd,
    onPointerCancel: onInteractionEnd,
  };
}

/** Spec §2 step 4: the vertical Zoom control at the left of the preview. */
export function ZoomControl({ scale, onStep, ...slider }: ControlProps & { scale: number }) {
  return (
    <div className="flex w-10 shrink-0 flex-col items-center gap-1.5">
      <StepButton label={text.zoomIn} icon={Plus} onClick={() => onStep(ZOOM_BUTTON_STEP)} />
      <Slider
        aria-label={text.zoom}
        aria-orientation="vertical"
        aria-valuetext={`${Math.round(scale * 100)}%`}
        limits={TRANSFORM_LIMITS.scale}
        value={scale}
        {...sliderHandlers(slider)}
        className="min-h-24 w-2 flex-1 [direction:rtl] [writing-mode:vertical-lr]"
      />
      <StepButton label={text.zoomOut} icon={Minus} onClick={() => onStep(-ZOOM_BUTTON_STEP)} />
      <span className="text-[10px] text-muted-foreground uppercase tracking-wide">{text.zoom}</span>
    </div>
  );
}

/** Spec §2 step 4: the Rotation control below the preview. */
export function RotationControl({ rotate, onStep, ...slider }: ControlProps & { rotate: number }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 sm:gap-3 sm:pl-[3.25rem]">
      <label htmlFor={id} className="sr-only shrink-0 text-muted-foreground text-sm sm:not-sr-only sm:w-16">
        {text.rotation}
      </label>
      <StepButton label={text.rotateLeft} icon={RotateCcw} onClick={() => onStep(-ROTATION_BUTTON_STEP)} />
      <Slider
        id={id}
        limits={TRANSFORM_LIMITS.rotate}
        value={rotate}
        aria-valuetext={`${Math.round(rotate)} degrees`}
        {...sliderHandlers(slider)}
        className="h-2 min-w-0 flex-1"
      />
      <StepButton label={text.rotateRight} icon={RotateCw} onClick={() => onStep(ROTATION_BUTTON_STEP)} />
      <span className="w-11 shrink-0 text-right text-muted-foreground text-sm tabular-nums">
        {Math.round(rotate)}°
      </span>
    </div>
  );
}

export function OverlayBadge({ children }: { children: string }) {
  return (
    <span className="rounded-full bg-black/70 px-2.5 py-1 font-medium text-white text-xs tabular-nums backdrop-blur-sm">
      {children}
    </span>
  );
}

/** Thirds and a centre cross while rotating, to line the horizon up against. */
export function RotationGrid() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      {[1, 2].map((third) => (
        <span
          key={`v${third}`}
          className="absolute inset-y-0 w-px bg-white/40"
          style={{ left: `${(third * 100) / 3}%` }}
        />
      ))}
      {[1, 2].map((third) => (
        <span
          key={`h${third}`}
          className="absolute inset-x-0 h-px bg-white/40"
          style={{ top: `${(third * 100) / 3}%` }}
        />
      ))}
      <span className="absolute inset-y-0 left-1/2 w-px bg-white/70" />
      <span className="absolute inset-x-0 top-1/2 h-px bg-white/70" />
    </div>
  );
}
