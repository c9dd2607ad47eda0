import { createFileRoute, Outlet } from '@tanstack/react-router';
import { GuestGate } from '../../features/account/guest-gate';

/** Every admin page needs a user (spec §2); whether it checks the admin role is up to the page. */
export const Route = createFileRoute('/admin')({
  component: () => (
    <GuestGate>
      <Outlet />
    </GuestGate>
  ),
});
