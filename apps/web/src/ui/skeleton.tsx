import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/** A resting shape where content will appear; hidden from screen readers, which hear the loading text. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}

/** `count` alike resting rows, where a list is still loading. */
export function SkeletonRows({
  count,
  className,
  rowClassName,
}: {
  count: number;
  className?: string;
  rowClassName: string;
}) {
  const rows = Array.from({ length: count }, (_, row) => row);
  return (
    <div className={className}>
      {rows.map((row) => (
        <Skeleton key={row} className={rowClassName} />
      ))}
    </div>
  );
}
