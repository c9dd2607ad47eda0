import { authLabels } from '../auth-labels';

/** Holds the widget's place while its code and challenge load, so the form does not jump. */
export function BotCheckPlaceholder() {
  return (
    <div
      role="status"
      className="flex h-[3.6rem] items-center gap-3 rounded-md border border-input px-3.5 text-muted-foreground text-sm"
    >
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-primary/25 border-t-primary motion-reduce:animate-none"
      />
      {authLabels.verificationLoading}
    </div>
  );
}
