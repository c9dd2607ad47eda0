import { Link } from '@tanstack/react-router';
import { Sparkles } from 'lucide-react';
import { Button } from '../ui/button';
import { PageMessage } from './page-message';

interface ComingSoonPageProps {
  title: string;
  /** Where the way out leads; home unless the screen knows where the visitor came from. */
  back?: { to: string; label: string };
}

/** Stands in for a screen that a later issue builds, so every route in the spec already resolves. */
export function ComingSoonPage({ title, back = { to: '/', label: 'Back to home' } }: ComingSoonPageProps) {
  return (
    <PageMessage
      icon={Sparkles}
      title={title}
      actions={
        <Button asChild variant="outline">
          <Link to={back.to}>{back.label}</Link>
        </Button>
      }
    >
      <p>This screen is on its way.</p>
    </PageMessage>
  );
}
