import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { TooltipProvider } from '../../../ui/tooltip';
import type { Project } from '../project-api';
import { ProjectNavigation } from './project-navigation';
import type { ProjectStep } from './project-steps';
import { useSidebarExpanded } from './sidebar-state';

interface ProjectSidebarProps {
  project: Project;
  photoCount: number;
  current: ProjectStep;
}

const shortcut =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘B' : 'Ctrl+B';

/** The project pages' left column from 768 px: 13rem wide, or 3rem of icons when collapsed (spec §9). */
export function ProjectSidebar({ project, photoCount, current }: ProjectSidebarProps) {
  const { expanded, toggle } = useSidebarExpanded();
  const ToggleIcon = expanded ? PanelLeftClose : PanelLeftOpen;
  return (
    <TooltipProvider delayDuration={150}>
      <aside
        aria-label="Project sidebar"
        data-state={expanded ? 'expanded' : 'collapsed'}
        className={cn(
          'sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 flex-col overflow-y-auto overflow-x-hidden border-r bg-card/60 py-3 transition-[width] duration-200 motion-reduce:transition-none md:flex',
          expanded ? 'w-52 px-2' : 'w-12 px-1',
        )}
      >
        <button
          type="button"
          onClick={toggle}
          aria-expanded={expanded}
          aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
          title={`${expanded ? 'Collapse' : 'Expand'} sidebar (${shortcut})`}
          className={cn(
            'mb-2 grid size-9 place-items-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            expanded ? 'self-end' : 'self-center',
          )}
        >
          <ToggleIcon aria-hidden="true" className="size-4" />
        </button>
        <ProjectNavigation project={project} photoCount={photoCount} current={current} compact={!expanded} />
      </aside>
    </TooltipProvider>
  );
}
