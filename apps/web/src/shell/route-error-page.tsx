import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../ui/button';
import { PageMessage } from './page-message';

export const ROUTE_ERROR_TEXT = {
  title: 'Something went wrong',
  body: 'This page ran into a problem. Please try again; if it keeps happening, reload the page.',
};

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
      title={ROUTE_ERROR_TEXT.title}
      actions={<Button onClick={tryAgain}>Try again</Button>}
    >
      <p>{ROUTE_ERROR_TEXT.body}</p>
    </PageMessage>
  );
}
