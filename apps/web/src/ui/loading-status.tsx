import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** A turning ring; slower, not still, for reduced motion, so waiting still shows. Sized by `className`. */
export function Spinner({ className }: { className: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'animate-spin rounded-full border-4 border-primary/20 border-t-primary motion-reduce:animate-[spin_1.6s_linear_infinite]',
        className,
      )}
    />
  );
}

/** A spinner over a short text, announced as a status while something loads. */
export function LoadingStatus({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div role="status" className={cn('flex flex-col items-center justify-center gap-4', className)}>
      <Spinner className="size-8" />
      <p className="text-muted-foreground text-sm">{children}</p>
    </div>
  );
}
