import { Check, X } from 'lucide-react';
import { Button } from '../../ui/button';
import { usePendingPhotos, useReviewPendingPhotos } from './friend-link-queries';
import { friendLinkText as text } from './friend-link-text';

/**
 * Step 1: friends' photos, apart from the accepted ones, with who sent them (a friend without an
 * account has no name: they are numbered in the order they first sent). Accept or reject each, or all.
 */
export function PendingPhotosPanel({ projectId }: { projectId: string }) {
  const pending = usePendingPhotos(projectId);
  const review = useReviewPendingPhotos(projectId);
  // Each photo's own Accept and Reject.
  const decisions = [
    { decision: review.accept, label: text.accept, icon: Check, variant: 'default' },
    { decision: review.reject, label: text.reject, icon: X, variant: 'outline' },
  ] as const;
  const photos = pending.data ?? [];
  if (photos.length === 0) return null;
  const senders = [...new Set(photos.map((photo) => photo.submittedBy ?? ''))];
  const ids = photos.map((photo) => photo.id);

  return (
    <section
      aria-labelledby="pending-photos"
      className="grid gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex-1">
          <h2 id="pending-photos" className="font-medium">
            {text.pendingTitle(photos.length)}
          </h2>
          <p className="text-muted-foreground text-sm">{text.pendingDescription}</p>
        </div>
        <Button size="sm" disabled={review.busy} onClick={() => review.accept.mutate(ids)}>
          {text.acceptAll}
        </Button>
        <Button size="sm" variant="outline" disabled={review.busy} onClick={() => review.reject.mutate(ids)}>
          {text.rejectAll}
        </Button>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Pending photos">
        {photos.map((photo) => (
          <li key={photo.id} className="grid gap-1 rounded-lg border bg-card p-2" data-testid="pending-photo">
            {photo.urls ? (
              <img
                src={photo.urls.grid}
                alt={photo.originalName}
                className="aspect-square w-full rounded object-cover"
              />
            ) : (
              <div className="aspect-square w-full animate-pulse rounded bg-muted" />
            )}
            <span className="truncate text-xs">{photo.originalName}</span>
            <span className="text-muted-foreground text-xs">
              {text.from(text.friend(senders.indexOf(photo.submittedBy ?? '') + 1))}
            </span>
            <div className="flex gap-1">
              {decisions.map(({ decision, label, icon: Icon, variant }) => (
                <Button
                  key={label}
                  size="sm"
                  variant={variant}
                  className="flex-1"
                  disabled={review.busy}
                  aria-label={`${label} ${photo.originalName}`}
                  onClick={() => decision.mutate([photo.id])}
                >
                  <Icon aria-hidden="true" />
                </Button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
