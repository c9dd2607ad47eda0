/** Covers the page while something the whole screen depends on is loading (spec: auth, first user). */
export function FullPageLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-background"
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-primary/20 border-t-primary motion-reduce:animate-[spin_1.6s_linear_infinite]"
      />
      <p className="text-muted-foreground text-sm">Loading...</p>
    </div>
  );
}
