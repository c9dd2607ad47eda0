import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../../shell/coming-soon-page';

export const Route = createFileRoute('/auth/callback')({
  component: () => <ComingSoonPage title="Signing you in" />,
});
