import { cn } from '../lib/cn';

// Five sprocket holes around the hub of a film reel, with a heart at its centre.
const REEL_HOLES = [-90, -18, 54, 126, 198].map((degrees) => {
  const radians = (degrees * Math.PI) / 180;
  return { cx: 16 + 9.6 * Math.cos(radians), cy: 16 + 9.6 * Math.sin(radians) };
});
const HEART =
  'M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z';

export function MemoreelMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)}>
      <circle cx="16" cy="16" r="15.5" className="fill-primary" />
      <circle cx="16" cy="16" r="13.6" className="fill-none stroke-primary-foreground/25" strokeWidth="0.8" />
      {REEL_HOLES.map(({ cx, cy }) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="2.5" className="fill-primary-foreground/85" />
      ))}
      <path
        d={HEART}
        transform="translate(16 16.6) scale(0.36) translate(-12 -12)"
        className="fill-primary-foreground"
      />
    </svg>
  );
}

export function MemoreelWordmark({
  className,
  nameClassName,
}: {
  className?: string;
  nameClassName?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <MemoreelMark />
      <span className={cn('font-display font-medium text-xl tracking-tight', nameClassName)}>Memoreel</span>
    </span>
  );
}
