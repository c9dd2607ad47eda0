import { Film } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import './demo-preview.css';
import { type DemoReel, demoPreview } from './landing-content';

// Each print is a soft wash of the theme's colour, so the preview suits all five themes.
const PRINT_WASHES = [
  'bg-[radial-gradient(circle_at_30%_30%,color-mix(in_oklab,var(--primary)_38%,transparent),transparent_60%),radial-gradient(circle_at_80%_80%,color-mix(in_oklab,var(--primary)_20%,transparent),transparent_55%)]',
  'bg-[radial-gradient(circle_at_70%_25%,color-mix(in_oklab,var(--primary)_34%,transparent),transparent_58%),radial-gradient(circle_at_20%_85%,color-mix(in_oklab,var(--primary)_22%,transparent),transparent_50%)]',
  'bg-[radial-gradient(circle_at_50%_40%,color-mix(in_oklab,var(--primary)_30%,transparent),transparent_62%),radial-gradient(circle_at_85%_10%,color-mix(in_oklab,var(--primary)_18%,transparent),transparent_45%)]',
];

// A photo print sits slightly askew, as if laid on a table.
const PRINT_TILTS = ['-rotate-3', 'rotate-2', '-rotate-1'];

/** A finished video as a quiet animation: prints drifting under a title card, with a progress bar. */
function ReelScene({ reel }: { reel: DemoReel }) {
  return (
    <div className="relative aspect-video overflow-hidden rounded-xl bg-primary/10">
      {reel.icons.slice(0, 3).map((Icon, index) => (
        <div
          key={Icon.displayName ?? index}
          // The first print shows before (and without) the animation; the others wait their turn.
          className={cn(
            'demo-print absolute inset-0 grid place-items-center',
            index > 0 && 'opacity-0',
            PRINT_WASHES[index],
          )}
        >
          <span
            className={cn(
              'grid size-24 place-items-center rounded-lg bg-card/70 shadow-lg shadow-primary/10 ring-1 ring-primary/10 sm:size-32',
              PRINT_TILTS[index],
            )}
          >
            <Icon aria-hidden="true" className="size-10 text-primary/70 sm:size-14" strokeWidth={1.25} />
          </span>
        </div>
      ))}
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-background/85 to-transparent px-5 pt-10 pb-4 sm:px-6 sm:pb-5">
        <p className="font-display text-base text-foreground italic sm:text-xl">{reel.caption}</p>
        <p className="text-foreground/70 text-xs">{reel.detail}</p>
        <div className="mt-3 h-1 overflow-hidden rounded-full bg-foreground/10">
          <div className="demo-progress h-full rounded-full bg-primary/70" />
        </div>
      </div>
    </div>
  );
}

function PreviewUnavailable() {
  return (
    <div className="grid aspect-video place-items-center rounded-xl bg-muted text-muted-foreground">
      <p className="flex items-center gap-2 text-sm">
        <Film aria-hidden="true" className="size-4" />
        {demoPreview.unavailable}
      </p>
    </div>
  );
}

/** Spec §2: a demo preview that cannot load says so instead of leaving a blank frame. */
class PreviewBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PreviewUnavailable /> : this.props.children;
  }
}

export function DemoPreview({ reel, className }: { reel: DemoReel; className?: string }) {
  return (
    <figure
      aria-label={demoPreview.label(reel.caption)}
      className={cn('rounded-2xl border bg-card p-3 shadow-primary/10 shadow-xl', className)}
    >
      <PreviewBoundary>
        <ReelScene reel={reel} />
      </PreviewBoundary>
    </figure>
  );
}
