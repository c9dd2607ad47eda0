import { Bell } from 'lucide-react';
import { useId, useState } from 'react';
import { useAuth } from '../features/account/auth-provider';
import { PendingPhotosList } from '../features/notifications/pending-photos-list';
import { usePendingPhotoSummary } from '../features/notifications/use-pending-photo-summary';
import { Button } from '../ui/button';
import { shellLabels } from './site-links';

/**
 * The signed-in bell: friends' pending photos by project, kept current by a live subscription
 * (features/notifications). A native popover gives Escape, light dismiss and focus return.
 */
export function NotificationsBell() {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const { user } = useAuth();
  const summary = usePendingPhotoSummary(user?.id ?? null).data;
  const count = summary?.total ?? 0;
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        popoverTarget={panelId}
        aria-label={count > 0 ? shellLabels.notificationsCount(count) : shellLabels.notifications}
        title={shellLabels.notifications}
        className="relative text-muted-foreground hover:text-foreground"
      >
        <Bell aria-hidden="true" />
        {count > 0 && (
          <span
            data-testid="notifications-count"
            className="absolute top-1 right-1 grid min-w-4 place-items-center rounded-full bg-destructive px-1 font-medium text-[10px] text-white leading-4"
          >
            {count}
          </span>
        )}
      </Button>
      <div
        id={panelId}
        popover="auto"
        onToggle={(event) => setOpen(event.newState === 'open')}
        className="fixed inset-auto top-18 right-4 m-0 w-72 max-w-[calc(100vw-2rem)] rounded-xl border bg-popover p-5 text-center text-popover-foreground shadow-lg"
      >
        {/* Only an open panel is a dialog; a closed one is not part of the page. */}
        {open && (
          <div role="dialog" aria-label={shellLabels.notifications}>
            {summary && summary.projects.length > 0 ? (
              <PendingPhotosList
                summary={summary}
                onNavigate={() => document.getElementById(panelId)?.hidePopover()}
              />
            ) : (
              <>
                <span className="mx-auto grid size-10 place-items-center rounded-full bg-primary/10 text-primary">
                  <Bell aria-hidden="true" className="size-5" />
                </span>
                <p className="mt-3 font-medium text-sm">{shellLabels.noNotifications}</p>
                <p className="mt-1 text-muted-foreground text-xs">{shellLabels.noNotificationsDetail}</p>
              </>
            )}
          </div>
        )}
      </div>
    </>
  );
}
