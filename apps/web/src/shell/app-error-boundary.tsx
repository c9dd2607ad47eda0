import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../features/error-reporting/error-reporting';
import { Button } from '../ui/button';
import { PageMessage } from './page-message';
import { ROUTE_ERROR_TEXT } from './route-error-page';

/**
 * The last line around the whole app: what escapes the router's own error pages (a provider
 * failing) is reported and answered with a page to reload, not a blank screen.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    reportError(error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <PageMessage
        icon={TriangleAlert}
        title={ROUTE_ERROR_TEXT.title}
        actions={<Button onClick={() => window.location.reload()}>Reload</Button>}
      >
        <p>{ROUTE_ERROR_TEXT.body}</p>
      </PageMessage>
    );
  }
}
