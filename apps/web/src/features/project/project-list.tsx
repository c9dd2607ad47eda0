import { projectMessages } from '@memoreel/domain';
import { FolderHeart } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';
import { IconTile } from '../../ui/icon-tile';
import { Skeleton } from '../../ui/skeleton';
import { CreateProjectButton } from './create-project-dialog';
import { DeleteProjectDialog } from './delete-project-dialog';
import type { ProjectListItem } from './project-api';
import { ProjectCard } from './project-card';
import { useProjects, useRenameProject } from './queries';

/** The user's projects as cards, newest first, with the empty, loading and failed states. */
export function ProjectList() {
  const projects = useProjects();
  const rename = useRenameProject();
  const [deleting, setDeleting] = useState<ProjectListItem | null>(null);

  if (projects.isPending) return <ProjectListLoading />;
  if (projects.isError) {
    return (
      <Alert variant="destructive">
        <div className="space-y-2">
          <AlertTitle>We couldn't load your projects</AlertTitle>
          <AlertDescription>{projects.error.message}</AlertDescription>
          <Button size="sm" variant="outline" onClick={() => void projects.refetch()}>
            Try Again
          </Button>
        </div>
      </Alert>
    );
  }
  if (projects.data.length === 0) return <EmptyProjectList />;
  return (
    <>
      <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label="Projects">
        {projects.data.map((project) => (
          <li key={project.id} className="flex">
            <ProjectCard
              project={project}
              onRename={(name) => rename.mutate({ id: project.id, name })}
              onDelete={() => setDeleting(project)}
            />
          </li>
        ))}
      </ul>
      <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function EmptyProjectList() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card/50 px-6 py-16 text-center">
      <IconTile icon={FolderHeart} compact className="mb-4" />
      <p className="mb-6 text-muted-foreground">{projectMessages.list.empty}</p>
      <CreateProjectButton label={projectMessages.list.createFirst} />
    </div>
  );
}

function ProjectListLoading() {
  return (
    <div role="status" className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
      <span className="sr-only">Loading projects...</span>
      {[0, 1, 2].map((key) => (
        <div key={key} className="space-y-4 rounded-2xl border bg-card p-4">
          <Skeleton className="aspect-video w-full rounded-lg" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      ))}
    </div>
  );
}
