import type { ReactNode } from 'react';

/**
 * Covers the page while something the whole screen depends on is loading (spec: auth, first user).
 * `children` sit under the spinner, e.g. the bot check a guest session needs.
 */
export function FullPageLoading({ children }: { children?: ReactNode }) {
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 bg-background px-6">
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-4">
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-primary/20 border-t-primary motion-reduce:animate-[spin_1.6s_linear_infinite]"
        />
        <p className="text-muted-foreground text-sm">Loading...</p>
      </div>
      {children && <div className="w-full max-w-xs">{children}</div>}
    </div>
  );
}
