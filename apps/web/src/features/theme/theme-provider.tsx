import {
  createContext,
  type ReactNode,
  useCallback,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  applyTheme,
  COLOR_MODE_STORAGE_KEY,
  type ColorMode,
  DARK_SCHEME_QUERY,
  type ResolvedColorMode,
  readStoredColorMode,
  readStoredTheme,
  resolveColorMode,
  storeChoice,
  systemPrefersDark,
  THEME_STORAGE_KEY,
  type ThemeName,
} from './themes';

export interface ThemeState {
  theme: ThemeName;
  colorMode: ColorMode;
  /** What is on screen now: the system's answer when the mode is "system". */
  resolvedColorMode: ResolvedColorMode;
  setTheme: (theme: ThemeName) => void;
  setColorMode: (mode: ColorMode) => void;
}

export const ThemeContext = createContext<ThemeState | null>(null);

function subscribeToSystemScheme(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_SCHEME_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState(readStoredTheme);
  const [colorMode, setColorModeState] = useState(readStoredColorMode);
  const prefersDark = useSyncExternalStore(subscribeToSystemScheme, systemPrefersDark);
  const resolvedColorMode = resolveColorMode(colorMode, prefersDark);

  useLayoutEffect(() => applyTheme(theme, resolvedColorMode), [theme, resolvedColorMode]);

  const setTheme = useCallback((next: ThemeName) => {
    setThemeState(next);
    storeChoice(THEME_STORAGE_KEY, next);
  }, []);
  const setColorMode = useCallback((next: ColorMode) => {
    setColorModeState(next);
    storeChoice(COLOR_MODE_STORAGE_KEY, next);
  }, []);

  const value = useMemo(
    () => ({ theme, colorMode, resolvedColorMode, setTheme, setColorMode }),
    [theme, colorMode, resolvedColorMode, setTheme, setColorMode],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}
