import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { AppLayout } from '../shell/app-layout';
import { NotFoundPage } from '../shell/not-found-page';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});
