import { createFileRoute } from '@tanstack/react-router';
import { AnonymousSignInPage } from '../../features/account/anonymous-sign-in-page';
import { redirectTarget } from '../../features/account/redirect-target';

export const Route = createFileRoute('/auth/anonymous')({
  validateSearch: (search: Record<string, unknown>) => ({ redirect: redirectTarget(search.redirect) }),
  component: AnonymousSignInRoute,
});

function AnonymousSignInRoute() {
  const { redirect } = Route.useSearch();
  return <AnonymousSignInPage redirect={redirect} />;
}
