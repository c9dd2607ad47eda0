import { CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { useAuthModal } from '../account/auth-modal-provider';
import { HopTimeline } from './hop-timeline';
import { elapsedMs, hopsOf, type SystemCheck } from './system-check';
import { useSystemCheck } from './use-system-check';

const DEFAULT_PROBE_NOTE = 'Hello from the browser';

export function SystemCheckCard() {
  const { check, start } = useSystemCheck();
  const [note, setNote] = useState(DEFAULT_PROBE_NOTE);
  const running = check.phase === 'connecting' || check.phase === 'recording' || check.phase === 'delivering';
  const noteError =
    check.phase === 'failed' && check.failure.field === 'note' ? check.failure.message : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!running) void start(note);
  };

  return (
    <ProbeCard whose="your" contentClassName="space-y-6">
      <form onSubmit={submit} aria-busy={running} className="space-y-2">
        <Label htmlFor="probe-note">Note</Label>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex-1 space-y-2">
            <Input
              id="probe-note"
              name="note"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? 'probe-note-error' : undefined}
              autoComplete="off"
            />
            {noteError && (
              <p id="probe-note-error" className="text-destructive text-sm">
                {noteError}
              </p>
            )}
          </div>
          {/* aria-disabled rather than disabled: the button keeps keyboard focus while the check runs. */}
          <Button
            type="submit"
            aria-disabled={running}
            className="aria-disabled:cursor-progress aria-disabled:opacity-70"
          >
            {running && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            Run system check
          </Button>
        </div>
      </form>
      <HopTimeline hops={hopsOf(check)} />
      <CheckOutcome check={check} />
    </ProbeCard>
  );
}

/** For visitors and guests: what the check does, and the way to run it. */
export function SignInToCheckCard() {
  const { openAuthModal } = useAuthModal();
  return (
    <ProbeCard whose="a" contentClassName="space-y-4">
      <p className="text-muted-foreground text-sm">
        Sign in with your account to run the system check. Whether each part is up is shown beside this card
        for everyone.
      </p>
      <Button type="button" onClick={() => openAuthModal('sign_in')}>
        Sign in to run the check
      </Button>
    </ProbeCard>
  );
}

/** "Run a probe": what a probe does, above what this visitor can do about it. */
function ProbeCard({
  whose,
  contentClassName,
  children,
}: {
  whose: 'your' | 'a';
  contentClassName: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Run a probe</CardTitle>
        <CardDescription>
          {`Sends ${whose} note through every part of Memoreel and waits for it to come back live.`}
        </CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

/** One sentence on how the last run went; a live region, so screen readers hear the result. */
function CheckOutcome({ check }: { check: SystemCheck }) {
  return (
    <div role="status" aria-live="polite" className="min-h-12">
      {check.phase === 'completed' && (
        <p className="flex items-start gap-2 rounded-lg border border-success/30 bg-success/10 p-3 text-sm">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          All three hops completed in {elapsedMs(check)} ms.
        </p>
      )}
      {check.phase === 'failed' && (
        <p className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          {check.failure.field === 'note'
            ? 'The projects service did not accept the note.'
            : check.failure.message}
        </p>
      )}
      {check.phase === 'idle' && (
        <p className="text-muted-foreground text-sm">
          Nothing sent yet. A healthy system answers in well under a second.
        </p>
      )}
    </div>
  );
}
