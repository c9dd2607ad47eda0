import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';
import type { Hop, HopState } from './system-check';

const STATE_TEXT: Record<HopState, string> = {
  waiting: 'waiting',
  active: 'in progress',
  done: 'done',
  failed: 'failed',
};

function HopMarker({ state, number }: { state: HopState; number: number }) {
  if (state === 'done') return <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-success" />;
  if (state === 'failed') return <CircleX aria-hidden="true" className="size-6 shrink-0 text-destructive" />;
  if (state === 'active')
    return <LoaderCircle aria-hidden="true" className="size-6 shrink-0 animate-spin text-primary" />;
  return (
    <span
      aria-hidden="true"
      className="grid size-6 shrink-0 place-items-center rounded-full border-2 border-border font-medium text-muted-foreground text-xs"
    >
      {number}
    </span>
  );
}

/** The probe's route through the platform, one row per hop. */
export function HopTimeline({ hops }: { hops: Hop[] }) {
  return (
    <ol aria-label="Probe journey" className="space-y-0">
      {hops.map((hop, index) => (
        <li key={hop.label} data-state={hop.state} className="relative flex gap-3 pb-5 last:pb-0">
          {index < hops.length - 1 && (
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-7 bottom-1 left-[11px] w-0.5 rounded-full',
                hop.state === 'done' ? 'bg-success/50' : 'bg-border',
              )}
            />
          )}
          <HopMarker state={hop.state} number={index + 1} />
          <div className="min-w-0 pt-0.5">
            <p className={cn('font-medium text-sm', hop.state === 'waiting' && 'text-muted-foreground')}>
              {hop.label}
              <span className="sr-only">, {STATE_TEXT[hop.state]}</span>
            </p>
            {hop.detail && <p className="mt-0.5 text-muted-foreground text-xs tabular-nums">{hop.detail}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}
