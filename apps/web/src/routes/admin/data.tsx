import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../../shell/coming-soon-page';

export const Route = createFileRoute('/admin/data')({
  component: () => <ComingSoonPage title="Database Admin" />,
});
