import { RefreshCw } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import {
  type CheckStatus,
  READINESS_CHECKS,
  type ReadinessCheck,
  useBackendReadiness,
} from './use-backend-readiness';

const CHECK_LABELS: Record<ReadinessCheck, string> = {
  database: 'Database',
  bus: 'Event bus',
  storage: 'File storage',
};

type DotState = CheckStatus | 'unknown';

const DOT: Record<DotState, { className: string; text: string }> = {
  ok: { className: 'bg-success', text: 'Ready' },
  error: { className: 'bg-destructive', text: 'Not ready' },
  unknown: { className: 'bg-muted-foreground/40', text: 'Unknown' },
};

function StatusDot({ state, pending }: { state: DotState; pending: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'size-2.5 shrink-0 rounded-full',
        DOT[state].className,
        state === 'ok' && 'shadow-[0_0_0_4px] shadow-success/15',
        pending && 'animate-pulse',
      )}
    />
  );
}

export function ReadinessCard() {
  const readiness = useBackendReadiness();
  const summary = readiness.isPending
    ? 'Checking…'
    : readiness.isError
      ? readiness.error.message
      : readiness.data.status === 'ok'
        ? 'All systems ready.'
        : 'Some systems are not ready.';

  return (
    <Card className="self-start">
      <CardHeader>
        <CardTitle>Backend readiness</CardTitle>
        <CardDescription role="status" aria-live="polite">
          {summary}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <ul className="space-y-3">
          {READINESS_CHECKS.map((check) => {
            const state: DotState = readiness.data?.checks[check]?.status ?? 'unknown';
            return (
              <li
                key={check}
                data-check={check}
                data-state={state}
                className="flex items-center gap-3 text-sm"
              >
                <StatusDot state={state} pending={readiness.isFetching} />
                <span className="font-medium">{CHECK_LABELS[check]}</span>
                <span className="ml-auto text-muted-foreground">{DOT[state].text}</span>
              </li>
            );
          })}
        </ul>
        <div className="flex items-center justify-between gap-3 border-t pt-4">
          <p className="text-muted-foreground text-xs">
            {readiness.dataUpdatedAt > 0 &&
              `Checked at ${new Date(readiness.dataUpdatedAt).toLocaleTimeString()}`}
          </p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void readiness.refetch()}
            disabled={readiness.isFetching}
          >
            <RefreshCw aria-hidden="true" className={cn(readiness.isFetching && 'animate-spin')} />
            Check again
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
