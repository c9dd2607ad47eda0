import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { SESSION_HINT_COOKIE } from './features/account/session-hint';

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
