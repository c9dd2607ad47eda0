import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

type ProgressBarProps = Omit<ComponentProps<'div'>, 'children'> & {
  /** What the bar measures, for screen readers. */
  label: string;
  /** 0 to 100. */
  percent: number;
  /** Classes for the filled part (its colour, its speed). */
  barClassName?: string | undefined;
};

/** A determinate progress bar from 0 to 100. */
export function ProgressBar({ label, percent, className, barClassName, ...props }: ProgressBarProps) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div
        className={cn(
          'h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none',
          barClassName,
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
