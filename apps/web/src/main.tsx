import './before-first-paint';
import './zod-without-eval';
import './styles.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app-providers';
import { AuthClient } from './features/account/auth-client';
import {
  afterFirstPaint,
  errorReportingFromBuild,
  startErrorReporting,
} from './features/error-reporting/error-reporting';
import { createQueryClient } from './lib/query-client';
import { isPrerendered, takeOverPrerenderedPage } from './prerender/take-over-prerendered-page';
import { createAppRouter } from './router';
import { AppErrorBoundary } from './shell/app-error-boundary';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
const authClient = new AuthClient();
const container = document.getElementById('root')!;

const app = (
  <StrictMode>
    <AppErrorBoundary>
      <AppProviders queryClient={queryClient} authClient={authClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  </StrictMode>
);

if (isPrerendered(container)) void takeOverPrerenderedPage(container, router, app);
else createRoot(container).render(app);

const errorReporting = errorReportingFromBuild(router);
if (errorReporting) afterFirstPaint(() => void startErrorReporting(errorReporting));
