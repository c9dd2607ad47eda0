/** Memoreel's colour themes and modes (spec: zinc, blue, violet, rose, green; light, dark, system). */
export const THEMES = ['zinc', 'blue', 'violet', 'rose', 'green'] as const;
export type ThemeName = (typeof THEMES)[number];

export const COLOR_MODES = ['light', 'dark', 'system'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
export type ResolvedColorMode = Exclude<ColorMode, 'system'>;

export const DEFAULT_THEME: ThemeName = 'blue';
export const DEFAULT_COLOR_MODE: ColorMode = 'system';

export const THEME_STORAGE_KEY = 'app-theme';
export const COLOR_MODE_STORAGE_KEY = 'app-color-mode';

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

function isOneOf<T extends string>(options: readonly T[], value: unknown): value is T {
  return options.includes(value as T);
}

// Storage can throw (blocked cookies, private modes): the page must still render with defaults.
function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function storeChoice(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // The choice still applies for this visit.
  }
}

export function readStoredTheme(): ThemeName {
  const stored = readStored(THEME_STORAGE_KEY);
  return isOneOf(THEMES, stored) ? stored : DEFAULT_THEME;
}

export function readStoredColorMode(): ColorMode {
  const stored = readStored(COLOR_MODE_STORAGE_KEY);
  return isOneOf(COLOR_MODES, stored) ? stored : DEFAULT_COLOR_MODE;
}

export function systemPrefersDark(): boolean {
  return window.matchMedia(DARK_SCHEME_QUERY).matches;
}

export function resolveColorMode(mode: ColorMode, prefersDark: boolean): ResolvedColorMode {
  if (mode === 'system') return prefersDark ? 'dark' : 'light';
  return mode;
}

/** Puts the palette on <html>; styles.css reads data-theme and the light/dark class. */
export function applyTheme(theme: ThemeName, mode: ResolvedColorMode): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
}

export function applyStoredTheme(): void {
  applyTheme(readStoredTheme(), resolveColorMode(readStoredColorMode(), systemPrefersDark()));
}
