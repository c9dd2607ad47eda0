import { createFileRoute } from '@tanstack/react-router';
import { GuestGate } from '../features/auth/guest-gate';
import { ComingSoonPage } from '../shell/coming-soon-page';

export const Route = createFileRoute('/projects')({
  component: () => (
    <GuestGate>
      <ComingSoonPage title="My Projects" />
    </GuestGate>
  ),
});
