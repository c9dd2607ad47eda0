import type { User } from '@memoreel/contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  Database,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Music,
  Settings,
  ShieldCheck,
  UserPlus,
  Users,
} from 'lucide-react';
import { Button } from '../../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { navLabels } from './auth-labels';
import { useAuthModal } from './auth-modal-provider';
import { useAuth } from './auth-provider';
import { AvatarButton, displayNameOf } from './user-avatar';

/** Spec §2: the avatar menu with Dashboard, Settings (two-factor sign-in, decision 0027) and Sign Out. */
export function UserMenu({ user }: { user: User }) {
  const { client } = useAuth();
  const { openAuthModal } = useAuthModal();
  const navigate = useNavigate();
  const name = displayNameOf(user);

  // Leave the signed-in screen first, so no login-required page reacts to the sign-out by
  // starting a guest session.
  const signOut = async () => {
    await navigate({ to: '/' });
    await client.signOut();
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <AvatarButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent aria-label={navLabels.accountMenu}>
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate font-medium" data-testid="account-name">
            {name}
          </span>
          {user.userMetadata.fullName && user.email && (
            <span className="truncate text-muted-foreground text-xs">{user.email}</span>
          )}
          {user.isAnonymous && (
            <span className="text-muted-foreground text-xs leading-snug">{navLabels.guestNote}</span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <MenuLink to="/dashboard" icon={LayoutDashboard} label={navLabels.dashboard} />
        {user.isAnonymous && (
          <DropdownMenuItem onSelect={() => openAuthModal('convert')}>
            <UserPlus aria-hidden="true" />
            {navLabels.createAccount}
          </DropdownMenuItem>
        )}
        <MenuLink to="/settings" icon={Settings} label={navLabels.settings} />
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          {navLabels.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const ADMIN_PAGES = [
  { to: '/admin/music', label: navLabels.musicManager, icon: Music },
  { to: '/admin/users', label: navLabels.manageUsers, icon: Users },
  { to: '/admin/data', label: navLabels.databaseAdmin, icon: Database },
] as const;

/** Spec §2 and §6: administrators also get the admin pages. */
export function AdminMenu() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="h-10 text-muted-foreground hover:text-foreground max-sm:w-10 max-sm:px-0"
        >
          <ShieldCheck aria-hidden="true" />
          <span className="max-sm:sr-only">{navLabels.admin}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent aria-label={navLabels.admin}>
        {ADMIN_PAGES.map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A menu item that goes to one of the signed-in user's own pages. */
function MenuLink({
  to,
  icon: Icon,
  label,
}: {
  to: '/dashboard' | '/settings';
  icon: LucideIcon;
  label: string;
}) {
  return (
    <DropdownMenuItem asChild>
      <Link to={to}>
        <Icon aria-hidden="true" />
        {label}
      </Link>
    </DropdownMenuItem>
  );
}
