import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { SESSION_HINT_COOKIE } from './features/account/session-hint';

// findBy and waitFor return as soon as the screen is there; the limit only bounds a failing wait,
// with room for a machine that runs both test suites side by side (the default is 1 s).
configure({ asyncUtilTimeout: 5_000 });

// The browser of every test was once given a session (the gateway's hint cookie), so the auth
// client asks for it; what the fake auth API answers decides who is signed in.
beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  const root = document.documentElement;
  root.removeAttribute('data-theme');
  root.className = '';
});

// A toast closing as its test ends removes itself 200 ms later (sonner's TIME_BEFORE_UNMOUNT, a timer
// unmounting does not clear): let that run while the page exists, not after the file's DOM is torn down.
afterAll(async () => {
  if (toast.getHistory().length > 0) await new Promise((resolve) => setTimeout(resolve, 250));
});
