import { plainVideoSeconds, tierOf } from '@memoreel/domain';
import { useNavigate } from '@tanstack/react-router';
import { Clock, Images, Trash2 } from 'lucide-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Button } from '../../ui/button';
import { TierBadge } from '../upgrade/tier-badge';
import { UpgradeButton } from '../upgrade/upgrade-button';
import type { ProjectListItem } from './project-api';
import { ProjectNameEditor } from './project-name-editor';
import { ProjectPhotoGrid } from './project-photo-grid';

interface ProjectCardProps {
  project: ProjectListItem;
  onRename: (name: string) => void;
  onDelete: () => void;
}

export function photoCountText(count: number): string {
  return `${count} ${count === 1 ? 'photo' : 'photos'}`;
}

/**
 * One project on the dashboard; the whole card opens the project's photos (spec §2). Dialogs opened
 * from the card render in portals, whose events still bubble here through React, hence the check.
 */
export function ProjectCard({ project, onRename, onDelete }: ProjectCardProps) {
  const navigate = useNavigate();
  const tier = tierOf(project.product);
  const seconds = plainVideoSeconds(project.photoCount, project.videoSettings);
  const openProject = () =>
    void navigate({ to: '/project/$projectId/photos', params: { projectId: project.id } });
  const fromCard = (event: MouseEvent | KeyboardEvent) =>
    event.target === event.currentTarget || event.currentTarget.contains(event.target as Node);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a card holding its own buttons cannot itself be a <button>
    <div
      role="button"
      tabIndex={0}
      aria-label={`Open ${project.name}`}
      onClick={(event) => fromCard(event) && openProject()}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
        event.preventDefault();
        openProject();
      }}
      className="group relative flex w-full cursor-pointer flex-col gap-4 rounded-2xl border bg-card p-4 text-card-foreground shadow-sm transition-all hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background motion-reduce:transition-none motion-reduce:hover:translate-y-0"
    >
      <ProjectPhotoGrid photos={project.photos} photoCount={project.photoCount} />
      <div className="flex items-start justify-between gap-2">
        <ProjectNameEditor name={project.name} onRename={onRename} className="flex-1" />
        <TierBadge tier={tier} className="mt-1.5 shrink-0" />
      </div>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-sm">
        <span className="inline-flex items-center gap-1.5">
          <Images aria-hidden="true" className="size-4" />
          {photoCountText(project.photoCount)}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden="true" className="size-4" />
          <span>
            ~{seconds}s <span className="sr-only">estimated video length</span>
          </span>
        </span>
      </p>
      <div className="mt-auto flex items-center gap-2">
        <UpgradeButton projectId={project.id} tier={tier} />
        <Button
          size="sm"
          className="ml-auto"
          onClick={(event) => {
            event.stopPropagation();
            openProject();
          }}
          onKeyDown={(event) => event.stopPropagation()}
        >
          Open
        </Button>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${project.name}`}
        onClick={(event) => {
          event.stopPropagation();
          onDelete();
        }}
        onKeyDown={(event) => event.stopPropagation()}
        className="absolute top-6 right-6 size-9 bg-background/90 text-muted-foreground opacity-0 shadow-sm backdrop-blur transition-opacity hover:bg-background hover:text-destructive focus-visible:opacity-100 group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}
