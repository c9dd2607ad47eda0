import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/landing/landing-page';

export const Route = createFileRoute('/pricing')({
  component: () => <LandingPage section="pricing" />,
});
