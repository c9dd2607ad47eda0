import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../../../shell/coming-soon-page';

export const Route = createFileRoute('/project/$projectId/photos')({
  component: () => <ComingSoonPage title="Add Your Photos" />,
});
