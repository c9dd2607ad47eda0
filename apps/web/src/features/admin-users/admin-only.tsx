import { adminUserMessages } from '@memoreel/contracts';
import { Link } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageMessage } from '../../shell/page-message';
import { Button } from '../../ui/button';
import { useAuth } from '../account/auth-provider';

/** Shows an admin screen to admins only; the services refuse everyone else whatever this shows. */
export function AdminOnly({ screen, children }: { screen: string; children: ReactNode }) {
  const { user } = useAuth();
  if (user?.roles.includes('admin')) return children;
  return (
    <PageMessage
      icon={ShieldAlert}
      title={adminUserMessages.adminRequired}
      actions={
        <Button asChild variant="outline">
          <Link to="/dashboard">Back to dashboard</Link>
        </Button>
      }
    >
      <p>{screen} is for administrators.</p>
    </PageMessage>
  );
}

/** The page `Screen` behind AdminOnly; `screen` names it to everyone else. */
export function adminOnlyPage(screen: string, Screen: () => ReactNode) {
  return function AdminOnlyPage() {
    return (
      <AdminOnly screen={screen}>
        <Screen />
      </AdminOnly>
    );
  };
}
