import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { usePhotos } from '../../photos/photo-queries';
import { useProject, useProjects } from '../queries';
import { ProjectLoadError, ProjectLoading } from './project-error-screens';
import { ProjectMobileNavigation } from './project-mobile-navigation';
import { ProjectSidebar } from './project-sidebar';
import { stepAt } from './project-steps';

/** The frame of every project step: the sidebar (or the mobile pill) beside the step's page. */
export function ProjectLayout({ projectId, children }: { projectId: string; children: ReactNode }) {
  const project = useProject(projectId);
  const photoCount = usePhotoCount(projectId);
  const current = stepAt(useRouterState({ select: (router) => router.location.pathname }));

  if (project.isPending) return <ProjectLoading />;
  if (project.isError) return <ProjectLoadError error={project.error} />;
  return (
    <div className="flex min-h-[calc(100dvh-4rem)]">
      <ProjectSidebar project={project.data} photoCount={photoCount} current={current} />
      <div className="min-w-0 flex-1 pb-24 md:pb-0">{children}</div>
      <ProjectMobileNavigation project={project.data} photoCount={photoCount} current={current} />
    </div>
  );
}

/** The project's photos as the steps see them; the dashboard's count until they have loaded. */
function usePhotoCount(projectId: string): number {
  const photos = usePhotos(projectId);
  const projects = useProjects();
  return photos.data?.length ?? projects.data?.find((project) => project.id === projectId)?.photoCount ?? 0;
}
