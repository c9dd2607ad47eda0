import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../shell/coming-soon-page';

export const Route = createFileRoute('/login')({
  component: () => <ComingSoonPage title="Sign In" />,
});
