import { LoaderCircle } from 'lucide-react';
import { ProgressBar } from '../../ui/progress-bar';
import type { Processing } from './tools-session';

/**
 * Spinner, message and progress bar while a run is active. The live region is always in the page so
 * screen readers announce each step as it changes.
 */
export function ProcessingStatus({ processing }: { processing: Processing }) {
  const percent =
    processing.totalCount === 0 ? 0 : Math.round((processing.processedCount / processing.totalCount) * 100);
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {processing.active && (
        <div className="rounded-xl border bg-card p-4 shadow-sm">
          <div className="flex items-center gap-3">
            <LoaderCircle
              aria-hidden="true"
              className="size-5 shrink-0 animate-spin text-primary motion-reduce:animate-none"
            />
            <p className="font-medium text-sm">{processing.message}</p>
          </div>
          <ProgressBar label="Processing progress" percent={percent} className="mt-3 bg-secondary" />
        </div>
      )}
    </div>
  );
}
