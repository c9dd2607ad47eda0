import { Link } from '@tanstack/react-router';
import { Images } from 'lucide-react';
import type { PendingPhotoSummary } from './notifications-api';

export const notificationLabels = {
  pendingIn: (count: number, projectName: string) =>
    `${count} new photo${count === 1 ? '' : 's'} from friends in ${projectName}`,
  review: 'Review them on the photos step',
} as const;

/** The bell's entries: one per project with pending photos, each leading to its step 1. */
export function PendingPhotosList({
  summary,
  onNavigate,
}: {
  summary: PendingPhotoSummary;
  onNavigate?: () => void;
}) {
  return (
    <ul className="grid gap-1 text-left">
      {summary.projects.map((project) => (
        <li key={project.projectId}>
          <Link
            to="/project/$projectId/photos"
            params={{ projectId: project.projectId }}
            onClick={onNavigate}
            className="flex items-start gap-3 rounded-lg p-2 text-sm hover:bg-accent"
          >
            <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
              <Images aria-hidden="true" className="size-4" />
            </span>
            <span>
              <span className="block font-medium">
                {notificationLabels.pendingIn(project.count, project.projectName)}
              </span>
              <span className="block text-muted-foreground text-xs">{notificationLabels.review}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
