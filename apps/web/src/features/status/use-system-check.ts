import { useCallback, useEffect, useReducer, useRef } from 'react';
import { subscribeToProbeCompleted } from './probe-operations';
import { IDLE, SYSTEM_CHECK_TIMEOUT_MS, systemCheckReducer } from './system-check';
import { useRecordProbe } from './use-record-probe';

/**
 * Runs the end-to-end probe: subscribe to its completion, record it, and wait for the live push.
 * The subscription must be open first, because the push can follow the mutation within milliseconds.
 */
export function useSystemCheck() {
  const [check, dispatch] = useReducer(systemCheckReducer, IDLE);
  const { mutateAsync: recordProbe } = useRecordProbe();
  const stopRun = useRef<() => void>(undefined);

  const finished = check.phase === 'completed' || check.phase === 'failed';
  useEffect(() => {
    if (finished) stopRun.current?.();
  }, [finished]);
  useEffect(() => () => stopRun.current?.(), []);

  const start = useCallback(
    async (note: string) => {
      stopRun.current?.();
      const id = crypto.randomUUID();
      dispatch({ type: 'started', id, at: performance.now() });
      const timeout = setTimeout(() => dispatch({ type: 'timed-out', id }), SYSTEM_CHECK_TIMEOUT_MS);
      const live = subscribeToProbeCompleted(id, {
        onData: ({ probeCompleted }) =>
          dispatch({ type: 'completed', id, completion: probeCompleted, at: performance.now() }),
        onError: (error) => dispatch({ type: 'failed', id, error }),
      });
      stopRun.current = () => {
        clearTimeout(timeout);
        live.unsubscribe();
      };
      try {
        await live.ready;
        dispatch({ type: 'connected', id });
        const probe = await recordProbe({ id, note });
        dispatch({ type: 'recorded', id, probe, at: performance.now() });
      } catch (error) {
        dispatch({ type: 'failed', id, error });
      }
    },
    [recordProbe],
  );

  return { check, start };
}
