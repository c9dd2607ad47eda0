import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

type SliderProps = Omit<ComponentProps<'input'>, 'type' | 'min' | 'max' | 'step' | 'onChange'> & {
  /** The range as the domain defines it (DURATION_PER_PHOTO, TRANSFORM_LIMITS.scale …). */
  limits: { min: number; max: number; step?: number };
  onValueChange: (value: number) => void;
};

/** A native range input over `limits`, reporting each move as a number. */
export function Slider({ limits, onValueChange, className, ...props }: SliderProps) {
  return (
    <input
      type="range"
      min={limits.min}
      max={limits.max}
      step={limits.step}
      onChange={(event) => onValueChange(Number(event.target.value))}
      className={cn('cursor-pointer accent-primary', className)}
      {...props}
    />
  );
}
