import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../shell/coming-soon-page';

export const Route = createFileRoute('/select-photos')({
  component: () => <ComingSoonPage title="Select Photos" />,
});
