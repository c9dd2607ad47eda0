import { createFileRoute } from '@tanstack/react-router';
import { redirectTarget } from '../../features/auth/redirect-target';
import { ComingSoonPage } from '../../shell/coming-soon-page';

export const Route = createFileRoute('/auth/anonymous')({
  validateSearch: (search: Record<string, unknown>) => ({ redirect: redirectTarget(search.redirect) }),
  component: AnonymousSignInPage,
});

function AnonymousSignInPage() {
  const { redirect } = Route.useSearch();
  return <ComingSoonPage title="Continue as a Guest" back={{ to: redirect, label: 'Go back' }} />;
}
