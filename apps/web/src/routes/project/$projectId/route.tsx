import { createFileRoute, Outlet } from '@tanstack/react-router';
import { GuestGate } from '../../../features/auth/guest-gate';

/** All nine workflow steps need a user (spec §2). */
export const Route = createFileRoute('/project/$projectId')({
  component: () => (
    <GuestGate>
      <Outlet />
    </GuestGate>
  ),
});
