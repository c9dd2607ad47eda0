import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from '../../lib/use-latest';

export type AutosaveStatus = 'idle' | 'waiting' | 'saving' | 'saved' | 'failed';

/**
 * Saves the newest value after `delayMs` of quiet, and at once when the page is left: a route
 * change (unmount) saves as usual, closing or reloading the tab through `saveOnLeave`, which must
 * survive the page (a keepalive request).
 */
export function useAutosave<T>({
  delayMs,
  save,
  saveOnLeave,
}: {
  delayMs: number;
  save: (value: T) => Promise<unknown>;
  saveOnLeave: (value: T) => void;
}) {
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestSave = useLatest(save);
  const latestSaveOnLeave = useLatest(saveOnLeave);
  const mounted = useRef(true);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    if (mounted.current) setStatus('saving');
    latestSave.current(next.value).then(
      () => {
        if (mounted.current && !pending.current) setStatus('saved');
      },
      () => {
        if (mounted.current) setStatus('failed');
      },
    );
  }, [latestSave]);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      setStatus('waiting');
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );

  useEffect(() => {
    mounted.current = true;
    const onLeave = () => {
      const next = pending.current;
      if (!next) return;
      pending.current = null;
      clearTimeout(timer.current);
      latestSaveOnLeave.current(next.value);
    };
    window.addEventListener('beforeunload', onLeave);
    return () => {
      window.removeEventListener('beforeunload', onLeave);
      mounted.current = false;
      // Leaving for another step: the app lives on, so the ordinary save runs (and reports a failure).
      flush();
    };
  }, [flush, latestSaveOnLeave]);

  return { status, schedule, flush };
}
