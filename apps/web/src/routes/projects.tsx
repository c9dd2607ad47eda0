import { createFileRoute } from '@tanstack/react-router';
import { GuestGate } from '../features/auth/guest-gate';
import { ProjectsPage } from '../features/projects/projects-page';

export const Route = createFileRoute('/projects')({
  component: () => (
    <GuestGate>
      <ProjectsPage />
    </GuestGate>
  ),
});
