import { createFileRoute } from '@tanstack/react-router';
import { GuestGate } from '../features/auth/guest-gate';
import { ComingSoonPage } from '../shell/coming-soon-page';

export const Route = createFileRoute('/dashboard')({
  component: () => (
    <GuestGate>
      <ComingSoonPage title="Dashboard" />
    </GuestGate>
  ),
});
