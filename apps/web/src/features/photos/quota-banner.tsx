import { type PhotoQuotaLevel, photoQuotaStatus, type Tier } from '@memoreel/domain';
import { Images } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { ProgressBar } from '../../ui/progress-bar';
import type { PhotoQuota } from './photos-api';
import { photosContent } from './photos-content';

/** Spec §9: the bar is the theme's colour, amber from 80 % and destructive at the limit. */
const BAR_CLASSES: Record<PhotoQuotaLevel, string> = {
  normal: 'bg-primary',
  warning: 'bg-amber-500',
  reached: 'bg-destructive',
};
const FRAME_CLASSES: Record<PhotoQuotaLevel, string> = {
  normal: 'bg-card',
  warning: 'border-amber-500/40 bg-amber-500/5',
  reached: 'border-destructive/40 bg-destructive/5',
};

/** The plan quota alert of step 1: how many photos are left of the plan's limit. */
export function QuotaBanner({
  quota,
  tier,
  onUpgrade,
}: {
  quota: PhotoQuota;
  tier: Tier;
  onUpgrade: () => void;
}) {
  const status = photoQuotaStatus(quota.count, quota.limit);
  return (
    <section
      aria-label={photosContent.addPhotos.planQuota}
      data-level={status.level}
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center',
        FRAME_CLASSES[status.level],
      )}
    >
      <span
        className={cn(
          'hidden size-10 shrink-0 place-items-center rounded-lg sm:grid',
          status.level === 'reached' ? 'bg-destructive/10 text-destructive' : 'bg-primary/10 text-primary',
          status.level === 'warning' && 'bg-amber-500/10 text-amber-600 dark:text-amber-400',
        )}
      >
        <Images aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <p className="font-medium" role={status.level === 'reached' ? 'alert' : undefined}>
            {status.title}
          </p>
          <p className="text-muted-foreground text-sm tabular-nums">
            {status.detail} · {status.percent}%
          </p>
        </div>
        <ProgressBar
          label={photosContent.addPhotos.planQuota}
          percent={status.percent}
          aria-valuetext={`${status.detail}, ${status.percent}%`}
          barClassName={cn('duration-500', BAR_CLASSES[status.level])}
        />
      </div>
      {tier !== 'cherish' && status.level !== 'normal' && (
        <Button size="sm" variant={status.level === 'reached' ? 'default' : 'outline'} onClick={onUpgrade}>
          {photosContent.addPhotos.upgradeForMore}
        </Button>
      )}
    </section>
  );
}
