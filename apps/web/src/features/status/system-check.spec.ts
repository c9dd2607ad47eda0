import { describe, expect, it } from 'vitest';
import type { ProbeCompletion } from './probe-operations';
import { hopsOf, IDLE, type SystemCheck, type SystemCheckEvent, systemCheckReducer } from './system-check';

const id = '0b5f8a4e-3f7c-4d2a-9a57-3c1e1f0b2d11';
const completion: ProbeCompletion = {
  id,
  note: 'Hello',
  recordedAt: '2026-11-23T10:00:00.000Z',
  consumedAt: '2026-11-23T10:00:00.012Z',
  deliveries: 1,
};

const play = (...events: SystemCheckEvent[]): SystemCheck => events.reduce(systemCheckReducer, IDLE);
const states = (check: SystemCheck) => hopsOf(check).map((hop) => hop.state);

describe('system check', () => {
  it('walks the three hops in order', () => {
    const started = play({ type: 'started', id, at: 0 }, { type: 'connected', id });
    expect(states(started)).toEqual(['active', 'waiting', 'waiting']);

    const recorded = systemCheckReducer(started, {
      type: 'recorded',
      id,
      probe: { id, note: 'Hello', recordedAt: completion.recordedAt },
      at: 20,
    });
    expect(states(recorded)).toEqual(['done', 'active', 'waiting']);
    expect(hopsOf(recorded)[0]?.detail).toBe('+20 ms');

    const completed = systemCheckReducer(recorded, { type: 'completed', id, completion, at: 45 });
    expect(states(completed)).toEqual(['done', 'done', 'done']);
    expect(hopsOf(completed)[2]?.detail).toBe('Consumed 12 ms after recording · +45 ms');
  });

  it('completes when the live push overtakes the mutation answer', () => {
    const check = play(
      { type: 'started', id, at: 0 },
      { type: 'connected', id },
      { type: 'completed', id, completion, at: 30 },
    );
    expect(check.phase).toBe('completed');
  });

  it('ignores late answers for an earlier run', () => {
    const check = play(
      { type: 'started', id: 'first', at: 0 },
      { type: 'started', id, at: 5 },
      { type: 'timed-out', id: 'first' },
    );
    expect(check.phase).toBe('connecting');
  });

  it('names the hop that timed out', () => {
    const check = play({ type: 'started', id, at: 0 }, { type: 'timed-out', id });
    expect(states(check)).toEqual(['failed', 'waiting', 'waiting']);
    expect(check.phase === 'failed' && check.failure.message).toMatch(/live connection/);
  });
});
