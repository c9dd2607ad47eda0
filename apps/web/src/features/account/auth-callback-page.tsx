import { authMessages } from '@memoreel/contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FullPageLoading } from '../../shell/full-page-loading';
import { PageMessage } from '../../shell/page-message';
import { Button } from '../../ui/button';
import { authLabels } from './auth-labels';
import { useAuth } from './auth-provider';

/** What the gateway puts on /auth/callback after an e-mail link or a social sign-in (docs/auth-api.md). */
export interface AuthCallbackSearch {
  type?: string;
  /** A same-site path, already checked. */
  next: string;
  error?: string;
  error_code?: string;
  error_description?: string;
}

/**
 * The gateway has set the refresh cookie before sending the browser here, so the session comes from
 * a refresh; a recovery link then opens the new-password view, and the user goes on to `next`.
 */
export function AuthCallbackPage({ search }: { search: AuthCallbackSearch }) {
  const { loading, client } = useAuth();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(
    search.error ? (search.error_description ?? authMessages.library.tokenVerification) : null,
  );
  const handled = useRef(false);

  useEffect(() => {
    if (loading || problem || handled.current) return;
    handled.current = true;
    void (async () => {
      // The first check normally found the session; refresh once more in case it ran before the cookie.
      const session = client.getSession() ?? (await client.refresh().catch(() => null));
      if (!session) {
        setProblem(authMessages.library.noSession);
        return;
      }
      if (search.type === 'recovery') client.announcePasswordRecovery();
      await navigate({ to: search.next, replace: true });
    })();
  }, [loading, problem, client, navigate, search.type, search.next]);

  if (!problem) return <FullPageLoading />;
  return (
    <PageMessage
      icon={TriangleAlert}
      title={authLabels.callbackFailedTitle}
      actions={
        <>
          <Button asChild>
            <Link to="/login">{authLabels.backToSignIn}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">{authLabels.backToHome}</Link>
          </Button>
        </>
      }
    >
      <p role="alert">{problem}</p>
    </PageMessage>
  );
}
