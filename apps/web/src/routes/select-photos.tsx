import { tierOf } from '@memoreel/domain';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ChevronRight, ImagePlus } from 'lucide-react';
import { GuestGate } from '../features/account/guest-gate';
import { CreateProjectButton } from '../features/project/create-project-dialog';
import type { ProjectListItem } from '../features/project/project-api';
import { useProjects } from '../features/project/queries';
import { TierBadge } from '../features/upgrade/tier-badge';
import { SkeletonRows } from '../ui/skeleton';

/**
 * Spec §2: where picking a plan leads when nothing else handles it. The visitor chooses which
 * project gets the photos (step 1), or starts a new one; without a session, the dashboard's guest gate runs first.
 */
export const Route = createFileRoute('/select-photos')({
  component: () => (
    <GuestGate>
      <SelectPhotosPage />
    </GuestGate>
  ),
});

function SelectPhotosPage() {
  const projects = useProjects();
  const newestFirst = [...(projects.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 md:py-12">
      <title>Select Photos · Memoreel</title>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-display font-medium text-3xl tracking-tight">
            Choose a project to add photos to
          </h1>
          <p className="mt-1 text-muted-foreground">
            Pick the project to add your photos to, or start a new one.
          </p>
        </div>
        <CreateProjectButton label="Start a new project" />
      </header>

      <section aria-label="Your projects" className="mt-8">
        {projects.isPending ? (
          <SkeletonRows count={2} className="space-y-3" rowClassName="h-16" />
        ) : projects.isError ? (
          <p className="text-destructive text-sm">Your projects could not be loaded. Reload to try again.</p>
        ) : newestFirst.length === 0 ? (
          <p className="rounded-xl border border-dashed px-6 py-10 text-center text-muted-foreground">
            You don't have any projects yet. Start a new one to add your photos.
          </p>
        ) : (
          <ul
            className="divide-y overflow-hidden rounded-xl border bg-card"
            data-testid="select-photos-projects"
          >
            {newestFirst.map((project) => (
              <ProjectChoice key={project.id} project={project} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ProjectChoice({ project }: { project: ProjectListItem }) {
  const photos = `${project.photoCount} ${project.photoCount === 1 ? 'photo' : 'photos'}`;
  return (
    <li>
      <Link
        to="/project/$projectId/photos"
        params={{ projectId: project.id }}
        className="flex min-h-16 items-center gap-4 px-4 py-3 transition-colors hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
          <ImagePlus aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{project.name}</span>
          <span className="block text-muted-foreground text-sm">{photos}</span>
        </span>
        <TierBadge tier={tierOf(project.product)} className="hidden shrink-0 sm:inline-flex" />
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </Link>
    </li>
  );
}
