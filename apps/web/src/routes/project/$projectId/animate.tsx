import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../../../shell/coming-soon-page';

export const Route = createFileRoute('/project/$projectId/animate')({
  component: () => <ComingSoonPage title="Animate Your Photos" />,
});
