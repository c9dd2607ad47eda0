import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/account/login-page';
import { redirectTarget } from '../features/account/redirect-target';

export const Route = createFileRoute('/login')({
  // `redirect` is where a guest gate sent the visitor from; without one, sign-in leads to the dashboard.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    search.redirect === undefined ? {} : { redirect: redirectTarget(search.redirect) },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect = '/dashboard' } = Route.useSearch();
  return <LoginPage redirect={redirect} />;
}
