// Imported first by main.tsx: the stored theme is on <html> before React renders its first frame,
// without an inline script that a strict Content-Security-Policy would block.
import { applyStoredTheme } from './themes';

applyStoredTheme();
