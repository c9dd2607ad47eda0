import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/landing/landing-page';

export const Route = createFileRoute('/how-it-works')({
  component: () => <LandingPage section="how-it-works" />,
});
