import type { LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn';

/**
 * An icon on a soft primary tile, heading a message, an empty state or a drop zone; `compact` for
 * the smaller, ringless tile of lists and prompts. Margins come through `className`.
 */
export function IconTile({
  icon: Icon,
  compact = false,
  className,
}: {
  icon: LucideIcon;
  compact?: boolean;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'grid place-items-center rounded-2xl bg-primary/10 text-primary',
        compact ? 'size-12' : 'size-14 ring-1 ring-primary/15',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}
