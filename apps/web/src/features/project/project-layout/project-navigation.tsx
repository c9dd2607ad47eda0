import { planFor, tierOf } from '@memoreel/domain';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Crown, Lock } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { cn } from '../../../lib/cn';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../ui/tooltip';
import { TierBadge } from '../../upgrade/tier-badge';
import { UpgradeButton } from '../../upgrade/upgrade-button';
import type { Project } from '../project-api';
import { isStepOpen, NEEDS_PHOTOS_MESSAGE, PROJECT_STEPS, type ProjectStep } from './project-steps';

interface ProjectNavigationProps {
  project: Project;
  photoCount: number;
  current: ProjectStep;
  /** Icons only, names in tooltips (the collapsed sidebar). */
  compact?: boolean;
  /** Runs after a link is followed, e.g. to close the mobile drawer. */
  onNavigate?: () => void;
}

const rowClasses =
  'flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Back to Dashboard, the project's name, the nine steps and its tier: the sidebar and the drawer alike. */
export function ProjectNavigation({
  project,
  photoCount,
  current,
  compact = false,
  onNavigate,
}: ProjectNavigationProps) {
  const tier = tierOf(project.product);
  const stepsLocked = photoCount === 0;
  const lockedNoteId = useId();
  return (
    <div className="flex h-full flex-col gap-4">
      <CompactHint label="Back to Dashboard" compact={compact}>
        <Link
          to="/dashboard"
          onClick={onNavigate}
          className={cn(
            rowClasses,
            'text-muted-foreground hover:bg-accent hover:text-foreground',
            compact && 'justify-center px-0',
          )}
        >
          <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
          <span className={cn(compact && 'sr-only')}>Back to Dashboard</span>
        </Link>
      </CompactHint>

      {!compact && (
        <p className="truncate px-3 font-display font-medium text-lg leading-tight" title={project.name}>
          {project.name}
        </p>
      )}

      <nav aria-label="Project steps">
        <ol className="space-y-1">
          {PROJECT_STEPS.map((step, index) => (
            <li key={step.path}>
              <StepLink
                step={step}
                number={index + 1}
                projectId={project.id}
                open={isStepOpen(step, photoCount)}
                active={step.path === current.path}
                compact={compact}
                onNavigate={onNavigate}
                lockedNoteId={lockedNoteId}
              />
            </li>
          ))}
        </ol>
        {stepsLocked && !compact && (
          <p id={lockedNoteId} className="mt-3 px-3 text-muted-foreground text-xs leading-relaxed">
            {NEEDS_PHOTOS_MESSAGE}
          </p>
        )}
      </nav>

      {compact ? (
        <CompactHint label={`Current plan: ${planFor(tier).name}`} compact>
          <span className="mx-auto mt-auto grid size-9 place-items-center rounded-md text-primary">
            <Crown aria-hidden="true" className="size-4" />
            <span className="sr-only">Current plan: {planFor(tier).name}</span>
          </span>
        </CompactHint>
      ) : (
        <div className="mt-auto space-y-2 border-t px-3 pt-4">
          <p className="text-muted-foreground text-xs">Current plan</p>
          {/* A longer plan name (Remember, Honor) leaves no room beside it: the button goes below. */}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <TierBadge tier={tier} />
            <UpgradeButton projectId={project.id} tier={tier} />
          </div>
        </div>
      )}
    </div>
  );
}

interface StepLinkProps {
  step: ProjectStep;
  number: number;
  projectId: string;
  open: boolean;
  active: boolean;
  compact: boolean;
  onNavigate: (() => void) | undefined;
  /** The visible "add a photo first" note that explains a locked step. */
  lockedNoteId: string;
}

function StepLink({
  step,
  number,
  projectId,
  open,
  active,
  compact,
  onNavigate,
  lockedNoteId,
}: StepLinkProps) {
  const Icon = open ? step.icon : Lock;
  const content = (
    <>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className={cn('truncate', compact && 'sr-only')}>{step.label}</span>
      {!compact && <span className="ml-auto text-muted-foreground text-xs tabular-nums">{number}</span>}
    </>
  );
  if (!open) {
    return (
      <CompactHint label={`${step.label}: ${NEEDS_PHOTOS_MESSAGE}`} compact={compact}>
        <button
          type="button"
          aria-disabled="true"
          aria-describedby={compact ? undefined : lockedNoteId}
          onClick={() => toast.info(NEEDS_PHOTOS_MESSAGE)}
          className={cn(
            rowClasses,
            'cursor-not-allowed text-muted-foreground opacity-50',
            compact && 'justify-center px-0',
          )}
        >
          {content}
        </button>
      </CompactHint>
    );
  }
  return (
    <CompactHint label={step.label} compact={compact}>
      <Link
        to={`/project/$projectId/${step.path}`}
        params={{ projectId }}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        className={cn(
          rowClasses,
          active
            ? 'bg-primary/10 font-medium text-foreground'
            : 'text-muted-foreground hover:bg-accent hover:text-foreground',
          compact && 'justify-center px-0',
        )}
      >
        {content}
      </Link>
    </CompactHint>
  );
}

/** A tooltip naming what an icon-only row does. */
function CompactHint({
  label,
  compact,
  children,
}: {
  label: string;
  compact: boolean;
  children: React.ReactElement;
}) {
  if (!compact) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}
