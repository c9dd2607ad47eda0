import type { ReactNode } from 'react';
import { Spinner } from '../ui/loading-status';

/**
 * Covers the page while something the whole screen depends on is loading (spec: auth, first user).
 * `children` sit under the spinner, e.g. the bot check a guest session needs.
 */
export function FullPageLoading({ children }: { children?: ReactNode }) {
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 bg-background px-6">
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-4">
        <Spinner className="size-10" />
        <p className="text-muted-foreground text-sm">Loading...</p>
      </div>
      {children && <div className="w-full max-w-xs">{children}</div>}
    </div>
  );
}
