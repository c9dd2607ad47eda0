import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../../shell/coming-soon-page';

export const Route = createFileRoute('/shared-upload/$linkId')({
  component: () => <ComingSoonPage title="Share Your Photos" />,
});
