import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useAuth } from '../features/account/auth-provider';
import { SettingsPage } from '../features/settings/settings-page';
import { FullPageLoading } from '../shell/full-page-loading';

export const Route = createFileRoute('/settings')({ component: SettingsRoute });

/** The account's settings: for a session only; a visitor without one signs in first. */
function SettingsRoute() {
  const { loading, user } = useAuth();
  if (user) return <SettingsPage user={user} />;
  if (loading) return <FullPageLoading />;
  return <Navigate to="/login" search={{ redirect: '/settings' }} replace />;
}
