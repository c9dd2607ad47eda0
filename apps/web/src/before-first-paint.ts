// Runs before the first paint: imported first by main.tsx, and on its own as a classic script in the
// <head> of every built page (scripts/prerender-landing.mjs), so prerendered markup is painted in the
// visitor's theme and with the right navigation bar. Not inline: the CSP allows only 'self'.
import { markSessionHint } from './features/account/session-hint';
import { applyStoredTheme } from './features/theme/themes';

applyStoredTheme();
markSessionHint();
