import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AuthClient } from './features/account/auth-client';
import { AuthProvider } from './features/account/auth-provider';
import { ThemeContext, ThemeProvider, type ThemeState } from './features/theme/theme-provider';

interface AppProvidersProps {
  queryClient: QueryClient;
  authClient: AuthClient;
  /** A fixed theme instead of the visitor's stored one: the build-time render, which has no storage. */
  theme?: ThemeState;
  children: ReactNode;
}

export function AppProviders({ queryClient, authClient, theme, children }: AppProvidersProps) {
  const app = (
    <QueryClientProvider client={queryClient}>
      <AuthProvider client={authClient}>{children}</AuthProvider>
    </QueryClientProvider>
  );
  return theme ? <ThemeContext value={theme}>{app}</ThemeContext> : <ThemeProvider>{app}</ThemeProvider>;
}
