import { Link } from '@tanstack/react-router';
import { Compass } from 'lucide-react';
import { Button } from '../ui/button';
import { PageMessage } from './page-message';

export function NotFoundPage() {
  return (
    <PageMessage
      icon={Compass}
      eyebrow="404"
      title="Page not found"
      actions={
        <Button asChild>
          <Link to="/">Back to home</Link>
        </Button>
      }
    >
      <p>We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.</p>
    </PageMessage>
  );
}
