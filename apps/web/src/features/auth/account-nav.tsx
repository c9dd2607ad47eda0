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
  // While the first session check runs, the signed-out buttons hold their own place, unseen, so
  // the bar does not shift when they appear (the prerendered landing page shows this state).
  if (loading)
    return (
      <div aria-hidden="true" className="invisible contents">
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
