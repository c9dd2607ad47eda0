import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../ui/button';
import { PageMessage } from './page-message';

/** Shown when a screen fails to load or render; the rest of the app keeps working. */
export function RouteErrorPage({ reset }: ErrorComponentProps) {
  const router = useRouter();
  // reset() clears the error boundary; invalidate() reruns the route's loaders for a fresh attempt.
  const tryAgain = () => {
    reset();
    void router.invalidate();
  };
  return (
    <PageMessage
      icon={TriangleAlert}
      title="Something went wrong"
      actions={<Button onClick={tryAgain}>Try again</Button>}
    >
      <p>This page ran into a problem. Please try again; if it keeps happening, reload the page.</p>
    </PageMessage>
  );
}
