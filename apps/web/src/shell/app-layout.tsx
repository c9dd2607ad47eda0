import { Outlet } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { useTheme } from '../features/theme/use-theme';
import { TopBar } from './top-bar';

export function AppLayout() {
  const { resolvedColorMode } = useTheme();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow-lg"
      >
        Skip to content
      </a>
      <TopBar />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <Toaster theme={resolvedColorMode} richColors closeButton />
    </>
  );
}
