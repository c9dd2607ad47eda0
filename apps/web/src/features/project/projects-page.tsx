import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { AccountPromptDialog } from '../dashboard/account-prompt-dialog';
import { ProjectLoading } from './project-layout/project-error-screens';
import { ProjectList } from './project-list';
import { useCreateInitialProject, useProjects } from './queries';

/** Spec §2 "Projects page": the same list; someone with no project yet goes straight to a first one. */
export function ProjectsPage() {
  const projects = useProjects();
  const startFirstProject = useStartFirstProject(projects.data?.length === 0);
  if (startFirstProject) return <ProjectLoading />;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
      <title>My Projects · Memoreel</title>
      <header className="mb-6">
        <h1 className="font-display font-medium text-3xl tracking-tight">My Projects</h1>
        <p className="mt-1 text-muted-foreground">Click on a project to open it</p>
      </header>
      <ProjectList />
      <AccountPromptDialog />
    </div>
  );
}

/** Creates the initial project once the list is known to be empty, then opens its photos. */
function useStartFirstProject(empty: boolean): boolean {
  const create = useCreateInitialProject();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (!empty || started.current) return;
    started.current = true;
    create.mutate(undefined, {
      onSuccess: ({ id }) =>
        void navigate({ to: '/project/$projectId/photos', params: { projectId: id }, replace: true }),
    });
  }, [empty, create, navigate]);
  return empty && !create.isError;
}
