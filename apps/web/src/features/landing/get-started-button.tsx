import { ArrowRight } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { useGetStarted } from '../get-started/get-started-provider';

/** The landing page's large call to begin: it opens Get Started wherever on the page it stands. */
export function GetStartedButton({ children, className }: { children: string; className?: string }) {
  const { startGetStarted } = useGetStarted();
  return (
    <Button size="lg" className={cn('w-full sm:w-auto', className)} onClick={startGetStarted}>
      {children}
      <ArrowRight aria-hidden="true" />
    </Button>
  );
}
