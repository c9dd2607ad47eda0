import { Badge } from '../../ui/badge';
import type { AdminUser } from './admin-users-api';

/** Guest or registered, admin, and barred from signing in. */
export function AccountBadges({ user }: { user: AdminUser }) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <Badge variant={user.isAnonymous ? 'outline' : 'secondary'}>
        {user.isAnonymous ? 'Guest' : 'Registered'}
      </Badge>
      {user.roles.includes('admin') && <Badge variant="soft">Admin</Badge>}
      {user.disabledAt && (
        <Badge className="bg-destructive text-destructive-foreground">Sign-in disabled</Badge>
      )}
    </span>
  );
}
