import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../../shell/coming-soon-page';

export const Route = createFileRoute('/admin/music')({
  component: () => <ComingSoonPage title="Music Manager" />,
});
