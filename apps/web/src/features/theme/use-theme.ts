import { useProvided } from '../../lib/use-provided';
import { ThemeContext, type ThemeState } from './theme-provider';

export function useTheme(): ThemeState {
  return useProvided(ThemeContext, 'useTheme must be used inside <ThemeProvider>');
}
