import { useEffect, useState, useSyncExternalStore } from 'react';
import { createBrowserRuntime } from './browser-runtime';
import { type ToolsRuntime, ToolsSession } from './tools-session';

/**
 * One session per visit to the page. Workers start with the page (so the tools work offline after
 * it has loaded) and stop, with every object URL revoked, when the visitor leaves.
 */
export function useToolsSession(
  createRuntime: () => ToolsRuntime & { dispose(): void } = createBrowserRuntime,
) {
  const [session, setSession] = useState<ToolsSession | null>(null);
  useEffect(() => {
    const runtime = createRuntime();
    const created = new ToolsSession(runtime);
    setSession(created);
    return () => {
      created.dispose();
      runtime.dispose();
    };
  }, [createRuntime]);
  const state = useSyncExternalStore(
    session?.subscribe ?? noSubscription,
    session?.getSnapshot ?? emptySnapshot,
    emptySnapshot,
  );
  return { session, state };
}

const EMPTY = {
  files: [],
  results: [],
  failures: [],
  refused: [],
  preparing: 0,
  processing: { active: false, message: '', processedCount: 0, totalCount: 0 },
};

function emptySnapshot() {
  return EMPTY;
}

function noSubscription() {
  return () => {};
}
