import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../shell/coming-soon-page';

export const Route = createFileRoute('/tools')({
  component: () => <ComingSoonPage title="Free Image Tools" />,
});
