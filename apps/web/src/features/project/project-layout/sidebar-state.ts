import { useCallback, useEffect, useState } from 'react';

/** Spec §9: the sidebar's state survives a week of visits. */
export const SIDEBAR_COOKIE = 'project_sidebar_state';
const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export function readSidebarExpanded(cookies: string = document.cookie): boolean {
  const entry = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  return entry?.split('=')[1] !== 'collapsed';
}

function writeSidebarExpanded(expanded: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie, so the choice outlives the tab and needs no store
  document.cookie = `${SIDEBAR_COOKIE}=${expanded ? 'expanded' : 'collapsed'}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

/** Expanded or collapsed, kept in a cookie and toggled by Ctrl/Cmd+B (spec §2). */
export function useSidebarExpanded() {
  const [expanded, setExpandedState] = useState(() => readSidebarExpanded());
  const setExpanded = useCallback((next: boolean) => {
    writeSidebarExpanded(next);
    setExpandedState(next);
  }, []);
  const toggle = useCallback(() => {
    setExpandedState((current) => {
      writeSidebarExpanded(!current);
      return !current;
    });
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'b' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { expanded, setExpanded, toggle };
}
