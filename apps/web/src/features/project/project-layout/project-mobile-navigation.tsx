import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../../../ui/sheet';
import { TooltipProvider } from '../../../ui/tooltip';
import type { Project } from '../project-api';
import { ProjectNavigation } from './project-navigation';
import { PROJECT_STEPS, type ProjectStep } from './project-steps';

interface ProjectMobileNavigationProps {
  project: Project;
  photoCount: number;
  current: ProjectStep;
}

/** Below 768 px: a floating pill naming the current step, opening the steps in a left drawer. */
export function ProjectMobileNavigation({ project, photoCount, current }: ProjectMobileNavigationProps) {
  const [open, setOpen] = useState(false);
  const number = PROJECT_STEPS.indexOf(current) + 1;
  const Icon = current.icon;
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <button
          type="button"
          className="fixed bottom-5 left-1/2 z-30 flex -translate-x-1/2 items-center gap-2 rounded-full border bg-background/95 py-2.5 pr-3 pl-4 font-medium text-sm shadow-lg shadow-primary/10 backdrop-blur focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:hidden"
        >
          <Icon aria-hidden="true" className="size-4 text-primary" />
          <span>
            <span className="text-muted-foreground">
              Step {number} of {PROJECT_STEPS.length}:
            </span>{' '}
            {current.label}
          </span>
          <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
        </button>
      </SheetTrigger>
      <SheetContent className="p-4 pt-5">
        <SheetTitle className="mb-1 font-display font-medium text-lg">Project Navigation</SheetTitle>
        <SheetDescription className="sr-only">The steps of {project.name}</SheetDescription>
        <TooltipProvider>
          <ProjectNavigation
            project={project}
            photoCount={photoCount}
            current={current}
            onNavigate={() => setOpen(false)}
          />
        </TooltipProvider>
      </SheetContent>
    </Sheet>
  );
}
