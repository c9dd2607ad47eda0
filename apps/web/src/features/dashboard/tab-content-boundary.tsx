import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { Component, type ReactNode, Suspense } from 'react';
import { Alert, AlertDescription } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';

interface BoundaryState {
  failed: boolean;
}

/** A tab whose content failed (to load or to draw) says so and offers to try again (spec §8). */
class TabErrorBoundary extends Component<{ children: ReactNode; onRetry: () => void }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <div className="space-y-3">
          <AlertDescription className="text-foreground">
            Failed to load content. Please try again.
          </AlertDescription>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              // Failed queries are asked again, not answered from their cached error.
              this.props.onRetry();
              this.setState({ failed: false });
            }}
          >
            Try Again
          </Button>
        </div>
      </Alert>
    );
  }
}

export function TabContentBoundary({ children }: { children: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <TabErrorBoundary onRetry={reset}>
          <Suspense fallback={<TabContentLoading />}>{children}</Suspense>
        </TabErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

function TabContentLoading() {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">Loading...</span>
      <Skeleton className="h-6 w-48" />
      <Skeleton className="h-24 w-full rounded-xl" />
    </div>
  );
}
