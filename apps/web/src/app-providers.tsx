import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AuthClient } from './features/auth/auth-client';
import { AuthProvider } from './features/auth/auth-provider';
import { ThemeProvider } from './features/theme/theme-provider';

interface AppProvidersProps {
  queryClient: QueryClient;
  authClient: AuthClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, authClient, children }: AppProvidersProps) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider client={authClient}>{children}</AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
