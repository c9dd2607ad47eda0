import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { AppProviders } from '../app-providers';
import { AuthClient } from '../features/account/auth-client';
import { LANDING_SECTIONS } from '../features/landing/landing-section';
import type { ThemeState } from '../features/theme/theme-provider';
import { DEFAULT_COLOR_MODE, DEFAULT_THEME } from '../features/theme/themes';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from '../router';

/**
 * Build-time rendering of the landing page (scripts/prerender-landing.mjs), so its first paint needs
 * no script. Run by Node from a Vite SSR build of this file; the browser never loads it.
 */

type LandingPath = keyof typeof LANDING_SECTIONS;

/**
 * The paths that get a prerendered page. Only `/`: a section's own address (`/pricing`) has to open
 * at that section, which takes the app (there is no #fragment to scroll to), so a prerendered copy
 * would show the top of the page and then jump away from it.
 */
export const PRERENDERED_PATHS = ['/'] as const satisfies readonly LandingPath[];

const noChoice = () => {};

// What a first visit sees before any script has run: no stored choice, so the defaults. The live
// ThemeProvider reads storage and the system's scheme, which a build has neither of.
const firstVisitTheme: ThemeState = {
  theme: DEFAULT_THEME,
  colorMode: DEFAULT_COLOR_MODE,
  resolvedColorMode: 'light',
  setTheme: noChoice,
  setColorMode: noChoice,
};

/**
 * The markup `main.tsx` renders on its first commit at `path` for a signed-out visitor: the same
 * router, layout and providers (the session still loading), so the app can swap it in unseen.
 */
export async function renderLandingPage(path: LandingPath): Promise<string> {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders queryClient={queryClient} authClient={new AuthClient()} theme={firstVisitTheme}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
    // Never split a large section into a later chunk: that needs an inline script to reveal it.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
