import { Check, CircleAlert, LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';
import { videoStepsContent } from './design-content';
import type { AutosaveStatus } from './use-autosave';

const text = videoStepsContent.saving;

/** Tells, quietly, whether the last change has reached the server. */
export function SaveStatus({ status, className }: { status: AutosaveStatus; className?: string }) {
  if (status === 'idle') return null;
  return (
    <p
      role="status"
      data-testid="save-status"
      data-status={status}
      className={cn(
        'flex shrink-0 items-center gap-1.5 text-xs',
        status === 'failed' ? 'text-destructive' : 'text-muted-foreground',
        className,
      )}
    >
      {status === 'saving' && (
        <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin motion-reduce:animate-none" />
      )}
      {status === 'saved' && <Check aria-hidden="true" className="size-3.5 text-emerald-600" />}
      {status === 'failed' && <CircleAlert aria-hidden="true" className="size-3.5" />}
      {text[status]}
    </p>
  );
}
