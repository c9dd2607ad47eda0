import { GraphQLRequestError } from '../../lib/graphql';
import type { Probe, ProbeCompletion } from './probe-operations';

export const SYSTEM_CHECK_TIMEOUT_MS = 10_000;

type RunningPhase = 'connecting' | 'recording' | 'delivering';

interface Run {
  id: string;
  /** performance.now() at submit; every elapsed time on the page counts from here. */
  startedAt: number;
  recorded?: { probe: Probe; at: number };
}

export interface SystemCheckFailure {
  message: string;
  /** Set when the server rejected the note itself, so the message belongs under the field. */
  field?: 'note';
}

export type SystemCheck =
  | { phase: 'idle' }
  | { phase: RunningPhase; run: Run }
  | { phase: 'completed'; run: Run; completion: ProbeCompletion; completedAt: number }
  | { phase: 'failed'; run: Run; failedDuring: RunningPhase; failure: SystemCheckFailure };

export type SystemCheckEvent =
  | { type: 'started'; id: string; at: number }
  | { type: 'connected'; id: string }
  | { type: 'recorded'; id: string; probe: Probe; at: number }
  | { type: 'completed'; id: string; completion: ProbeCompletion; at: number }
  | { type: 'failed'; id: string; error: unknown }
  | { type: 'timed-out'; id: string };

export const IDLE: SystemCheck = { phase: 'idle' };

const TIMEOUT_MESSAGES: Record<RunningPhase, string> = {
  connecting: 'The live connection to the server did not open within 10 seconds.',
  recording: 'The projects service did not record the probe within 10 seconds.',
  delivering:
    'The probe was recorded, but no live confirmation arrived within 10 seconds. The event stream or the sharing service may be down.',
};

function failureOf(error: unknown): SystemCheckFailure {
  if (error instanceof GraphQLRequestError && error.code === 'VALIDATION_FAILED') {
    return { message: error.message, field: 'note' };
  }
  if (error instanceof Error) return { message: error.message };
  return { message: 'The system check failed for an unknown reason.' };
}

function isRunning(check: SystemCheck): check is Extract<SystemCheck, { phase: RunningPhase }> {
  return check.phase === 'connecting' || check.phase === 'recording' || check.phase === 'delivering';
}

export function systemCheckReducer(check: SystemCheck, event: SystemCheckEvent): SystemCheck {
  if (event.type === 'started') return { phase: 'connecting', run: { id: event.id, startedAt: event.at } };
  // Only the current, unfinished run moves on; late answers for an earlier run are ignored.
  if (!isRunning(check) || check.run.id !== event.id) return check;
  const { run } = check;
  switch (event.type) {
    case 'connected':
      return check.phase === 'connecting' ? { phase: 'recording', run } : check;
    case 'recorded':
      return { phase: 'delivering', run: { ...run, recorded: { probe: event.probe, at: event.at } } };
    case 'completed':
      // The live push may overtake the mutation's own answer; it proves every hop on its own.
      return { phase: 'completed', run, completion: event.completion, completedAt: event.at };
    case 'failed':
      return { phase: 'failed', run, failedDuring: check.phase, failure: failureOf(event.error) };
    case 'timed-out':
      return {
        phase: 'failed',
        run,
        failedDuring: check.phase,
        failure: { message: TIMEOUT_MESSAGES[check.phase] },
      };
  }
}

export type HopState = 'waiting' | 'active' | 'done' | 'failed';

export interface Hop {
  label: string;
  state: HopState;
  detail?: string;
}

const HOP_LABELS = [
  'Recorded by the projects service',
  'Delivered through the event stream',
  'Consumed by the sharing service, pushed live',
] as const;

// Which hop a phase is working on: connecting belongs to the first, since nothing is recorded before it.
const HOP_OF_PHASE: Record<RunningPhase | 'idle' | 'completed', number> = {
  idle: -1,
  connecting: 0,
  recording: 0,
  delivering: 1,
  completed: HOP_LABELS.length,
};

const ms = (value: number) => `${Math.max(0, Math.round(value))} ms`;

function hopDetails(check: SystemCheck): (string | undefined)[] {
  if (check.phase === 'idle') return [];
  const { startedAt, recorded } = check.run;
  const recordedDetail = recorded && `+${ms(recorded.at - startedAt)}`;
  if (check.phase !== 'completed') return [recordedDetail];
  const { deliveries, recordedAt, consumedAt } = check.completion;
  return [
    recordedDetail,
    deliveries === 1 ? 'Delivered once' : `Delivered ${deliveries} times`,
    `Consumed ${ms(Date.parse(consumedAt) - Date.parse(recordedAt))} after recording · +${ms(check.completedAt - startedAt)}`,
  ];
}

/** The probe's journey as three hops, each waiting, active, done or failed. */
export function hopsOf(check: SystemCheck): Hop[] {
  const current = check.phase === 'failed' ? HOP_OF_PHASE[check.failedDuring] : HOP_OF_PHASE[check.phase];
  const details = hopDetails(check);
  return HOP_LABELS.map((label, index) => {
    let state: HopState = 'waiting';
    if (index < current) state = 'done';
    else if (index === current) state = check.phase === 'failed' ? 'failed' : 'active';
    const detail = details[index];
    return detail ? { label, state, detail } : { label, state };
  });
}

export function elapsedMs(check: Extract<SystemCheck, { phase: 'completed' }>): number {
  return Math.round(check.completedAt - check.run.startedAt);
}
