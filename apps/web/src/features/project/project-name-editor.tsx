import { checkProjectName, PROJECT_NAME_MAX_LENGTH } from '@memoreel/domain';
import { Pencil } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

interface ProjectNameEditorProps {
  name: string;
  onRename: (name: string) => void;
  className?: string;
}

/**
 * Spec §4 "Inline rename": the pencil opens an input; Enter, submit or clicking elsewhere saves,
 * Escape cancels. An unchanged or empty name closes without asking the server.
 */
export function ProjectNameEditor({ name, onRename, className }: ProjectNameEditorProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const closing = useRef(false);
  const errorId = useId();

  const open = () => {
    closing.current = false;
    setProblem(null);
    setDraft(name);
  };
  const close = () => {
    closing.current = true;
    setDraft(null);
  };
  const save = () => {
    // Enter saves and unmounts the input, which would blur it and save a second time.
    if (closing.current || draft === null) return;
    const typed = draft.trim();
    if (typed === '' || typed === name) return close();
    const check = checkProjectName(typed);
    if (!check.ok) return setProblem(check.message);
    close();
    if (check.name !== name) onRename(check.name);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Keys typed here belong to the name, not to the card around it.
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  if (draft === null) {
    return (
      <div className={cn('flex min-w-0 items-center gap-1', className)}>
        <h3 className="truncate font-display font-medium text-lg leading-tight" title={name}>
          {name}
        </h3>
        <button
          type="button"
          onClick={(event) => {
            event.stopPropagation();
            open();
          }}
          onKeyDown={(event) => event.stopPropagation()}
          aria-label={`Rename ${name}`}
          className="grid size-8 shrink-0 place-items-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Pencil aria-hidden="true" className="size-3.5" />
        </button>
      </div>
    );
  }
  return (
    <form
      onSubmit={onSubmit}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      className={cn('min-w-0', className)}
      aria-label="Rename project"
    >
      <input
        // The pencil was the user's request to type here.
        // biome-ignore lint/a11y/noAutofocus: focus follows the user's own click on the pencil
        autoFocus
        value={draft}
        maxLength={PROJECT_NAME_MAX_LENGTH}
        onChange={(event) => {
          setProblem(null);
          setDraft(event.target.value);
        }}
        onBlur={save}
        onKeyDown={onKeyDown}
        aria-label="Project name"
        aria-invalid={problem !== null}
        aria-describedby={problem ? errorId : undefined}
        className="h-9 w-full rounded-md border border-input bg-background px-2 font-display text-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive"
      />
      {problem && (
        <p id={errorId} className="mt-1 text-destructive text-xs">
          {problem}
        </p>
      )}
    </form>
  );
}
