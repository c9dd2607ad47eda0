import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../../../shell/coming-soon-page';

export const Route = createFileRoute('/project/$projectId/share')({
  component: () => <ComingSoonPage title="Share Your Video" />,
});
