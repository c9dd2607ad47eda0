import { projectMessages } from '@memoreel/domain';
import { Link, useRouterState } from '@tanstack/react-router';
import { AlertTriangle, FolderX, LockKeyhole } from 'lucide-react';
import { GraphQLRequestError } from '../../../lib/graphql';
import { PageMessage } from '../../../shell/page-message';
import { Button } from '../../../ui/button';
import { LoadingStatus } from '../../../ui/loading-status';

const returnToDashboard = (
  <Button asChild>
    <Link to="/dashboard">Return to Dashboard</Link>
  </Button>
);

/** Which screen a failed project load shows (spec 2 §2 "Project-level error screens"). */
export function ProjectLoadError({ error }: { error: Error }) {
  const code = error instanceof GraphQLRequestError ? error.code : '';
  if (code === 'UNAUTHORIZED') return <AuthenticationRequiredScreen />;
  if (code === 'NOT_FOUND' || code === 'FORBIDDEN' || code === 'VALIDATION_FAILED') {
    return (
      <PageMessage icon={FolderX} title={projectMessages.notFoundScreen.title} actions={returnToDashboard}>
        <p>{projectMessages.notFoundScreen.body}</p>
      </PageMessage>
    );
  }
  return (
    <PageMessage icon={AlertTriangle} title="Error Loading Project" actions={returnToDashboard}>
      <p>{error.message}</p>
    </PageMessage>
  );
}

function AuthenticationRequiredScreen() {
  const here = useRouterState({ select: (router) => router.location.href });
  return (
    <PageMessage
      icon={LockKeyhole}
      title="Authentication Required"
      actions={
        <Button asChild>
          <Link to="/login" search={{ redirect: here }}>
            Log In
          </Link>
        </Button>
      }
    >
      <p>Please log in to open this project.</p>
    </PageMessage>
  );
}

/** A project page that failed while drawing: offers to draw it again. */
export function ProjectCrashScreen({ reset }: { reset: () => void }) {
  return (
    <PageMessage
      icon={AlertTriangle}
      title="Something went wrong"
      actions={
        <Button onClick={reset} variant="outline">
          Try again
        </Button>
      }
    >
      <p>This page ran into a problem. Your project and photos are safe.</p>
    </PageMessage>
  );
}

export function ProjectLoading() {
  return <LoadingStatus className="min-h-[60vh]">Loading project...</LoadingStatus>;
}
