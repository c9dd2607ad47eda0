import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../../../shell/coming-soon-page';

export const Route = createFileRoute('/project/$projectId/download')({
  component: () => <ComingSoonPage title="Download Your Video" />,
});
