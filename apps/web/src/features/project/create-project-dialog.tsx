import {
  canCreateProject,
  checkProjectName,
  MAX_PROJECTS,
  PROJECT_NAME_MAX_LENGTH,
  projectLimitTooltip,
  projectsInUseText,
} from '@memoreel/domain';
import { useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '../../ui/tooltip';
import { useCreateProject, useProjectCount } from './queries';

/** "Create New Project" and its dialog; at the limit the button is disabled and says why (spec §5). */
export function CreateProjectButton({ label = 'Create New Project' }: { label?: string }) {
  const [open, setOpen] = useState(false);
  const count = useProjectCount().data?.count ?? 0;
  const atLimit = !canCreateProject(count);
  return (
    <>
      <TooltipProvider delayDuration={200}>
        <Tooltip>
          <TooltipTrigger asChild>
            {/* A disabled button gets no pointer or focus events; its wrapper carries the tooltip. */}
            <span
              tabIndex={atLimit ? 0 : -1}
              className="inline-flex rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Button onClick={() => setOpen(true)} disabled={atLimit}>
                <Plus aria-hidden="true" />
                {label}
              </Button>
            </span>
          </TooltipTrigger>
          <TooltipContent>{projectLimitTooltip(count)}</TooltipContent>
        </Tooltip>
      </TooltipProvider>
      <CreateProjectDialog open={open} onOpenChange={setOpen} count={count} />
    </>
  );
}

interface CreateProjectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
}

export function CreateProjectDialog({ open, onOpenChange, count }: CreateProjectDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogTitle>Create New Project</DialogTitle>
        <DialogDescription className="mt-1.5">{projectsInUseText(count)}</DialogDescription>
        {open && <CreateProjectForm count={count} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateProjectForm({ count, onDone }: { count: number; onDone: () => void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateProject();
  const navigate = useNavigate();
  const fieldId = useId();
  const blank = name.trim() === '';
  const atLimit = count >= MAX_PROJECTS;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: a blank name is ignored on submit, like the disabled button.
    if (blank || atLimit || create.isPending) return;
    const check = checkProjectName(name);
    if (!check.ok) return setProblem(check.message);
    create.mutate(check.name, {
      onSuccess: (project) => {
        onDone();
        void navigate({ to: '/project/$projectId/photos', params: { projectId: project.id } });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} className="mt-5 space-y-5" noValidate>
      <div className="space-y-2">
        <Label htmlFor={fieldId}>Project name</Label>
        <Input
          id={fieldId}
          value={name}
          maxLength={PROJECT_NAME_MAX_LENGTH}
          placeholder="e.g. Celebrating Grandma Rose"
          autoComplete="off"
          onChange={(event) => {
            setProblem(null);
            setName(event.target.value);
          }}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${fieldId}-problem` : undefined}
        />
        {problem && (
          <p id={`${fieldId}-problem`} className="text-destructive text-sm">
            {problem}
          </p>
        )}
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={blank || atLimit || create.isPending}>
          {create.isPending ? 'Creating...' : 'Create'}
        </Button>
      </div>
    </form>
  );
}
