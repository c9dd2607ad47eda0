import { createFileRoute } from '@tanstack/react-router';
import { GuestGate } from '../features/account/guest-gate';
import { ProjectsPage } from '../features/project/projects-page';

export const Route = createFileRoute('/projects')({
  component: () => (
    <GuestGate>
      <ProjectsPage />
    </GuestGate>
  ),
});
