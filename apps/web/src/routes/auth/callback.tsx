import { createFileRoute } from '@tanstack/react-router';
import { AuthCallbackPage, type AuthCallbackSearch } from '../../features/account/auth-callback-page';
import { redirectTarget } from '../../features/account/redirect-target';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export const Route = createFileRoute('/auth/callback')({
  validateSearch: (search: Record<string, unknown>): AuthCallbackSearch => {
    const fields = {
      type: text(search.type),
      error: text(search.error),
      error_code: text(search.error_code),
      error_description: text(search.error_description),
    };
    return {
      next: redirectTarget(search.next),
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    };
  },
  component: AuthCallbackRoute,
});

function AuthCallbackRoute() {
  return <AuthCallbackPage search={Route.useSearch()} />;
}
