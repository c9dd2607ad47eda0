import type { User } from '@memoreel/contracts';
import { Link } from '@tanstack/react-router';
import { LayoutDashboard } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '../../ui/button';
import { useGetStarted } from '../get-started/get-started-provider';
import { navLabels } from './auth-labels';
import { preloadAuthModal, useAuthModal } from './auth-modal-provider';
import { useAuth } from './auth-provider';
import { AvatarButton } from './user-avatar';

// The menus bring Radix's dropdown with them; only signed-in users need it.
const UserMenu = lazy(() => import('./account-menus').then((menus) => ({ default: menus.UserMenu })));
const AdminMenu = lazy(() => import('./account-menus').then((menus) => ({ default: menus.AdminMenu })));

/** The account end of the navigation bar: sign-in and Get Started, or the user's own menus. */
export function AccountNav() {
  const { loading, user } = useAuth();
  // Until the first session check answers, the signed-out buttons hold their own place, inert, so
  // the bar does not shift. A first-time visitor sees them at once (the prerendered landing page
  // shows this state); with a session hint they stay unseen, as the user may be signed in.
  if (loading)
    return (
      <div inert className="contents [.session-hint_&]:invisible">
        <SignedOutNav />
      </div>
    );
  return user ? <SignedInNav user={user} /> : <SignedOutNav />;
}

function SignedOutNav() {
  const { openAuthModal } = useAuthModal();
  const { startGetStarted } = useGetStarted();
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="h-10 max-sm:px-2.5"
        onPointerEnter={preloadAuthModal}
        onFocus={preloadAuthModal}
        onClick={() => openAuthModal('sign_in')}
      >
        {navLabels.signIn}
      </Button>
      <Button size="sm" className="h-10 max-sm:px-3" onClick={startGetStarted}>
        {navLabels.getStarted}
      </Button>
    </>
  );
}

function SignedInNav({ user }: { user: User }) {
  return (
    <>
      <Button
        asChild
        variant="ghost"
        size="sm"
        className="h-10 text-muted-foreground hover:text-foreground data-[status=active]:bg-accent data-[status=active]:text-foreground max-sm:w-10 max-sm:px-0"
      >
        <Link to="/dashboard">
          <LayoutDashboard aria-hidden="true" />
          <span className="max-sm:sr-only">{navLabels.dashboard}</span>
        </Link>
      </Button>
      {user.roles.includes('admin') && (
        <Suspense fallback={null}>
          <AdminMenu />
        </Suspense>
      )}
      <Suspense fallback={<AvatarButton user={user} disabled />}>
        <UserMenu user={user} />
      </Suspense>
    </>
  );
}
