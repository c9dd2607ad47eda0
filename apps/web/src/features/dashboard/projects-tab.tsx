import { CreateProjectButton } from '../project/create-project-dialog';
import { ProjectList } from '../project/project-list';

export function ProjectsTab() {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="font-display font-medium text-2xl tracking-tight sm:text-3xl">My Projects</h2>
          <p className="mt-1 text-muted-foreground">Create and manage your projects</p>
        </div>
        <CreateProjectButton />
      </div>
      <ProjectList />
    </div>
  );
}
