import { photoMessages } from '@memoreel/domain';
import { createFileRoute, Outlet, redirect, useRouter } from '@tanstack/react-router';
import { toast } from 'sonner';
import { SessionRequired } from '../../../features/account/session-required';
import { ProjectCrashScreen } from '../../../features/project/project-layout/project-error-screens';
import { ProjectLayout } from '../../../features/project/project-layout/project-layout';

/** An address whose id is missing or mangled (e.g. a link built from `undefined`): spec §2 'Invalid project ID'. */
const PROJECT_ID = /^[\w-]{1,64}$/;
const MISSING_IDS = new Set(['undefined', 'null']);

/** All nine workflow steps need a user (spec 2 §2, §6: without a session, '/') and share the project's sidebar. */
export const Route = createFileRoute('/project/$projectId')({
  beforeLoad: ({ params }) => {
    if (PROJECT_ID.test(params.projectId) && !MISSING_IDS.has(params.projectId)) return;
    toast.error(photoMessages.invalidProjectId);
    throw redirect({ to: '/dashboard', replace: true });
  },
  component: ProjectRoute,
  errorComponent: ProjectRouteError,
});

function ProjectRoute() {
  const { projectId } = Route.useParams();
  return (
    <SessionRequired>
      <ProjectLayout projectId={projectId}>
        <Outlet />
      </ProjectLayout>
    </SessionRequired>
  );
}

function ProjectRouteError({ reset }: { reset: () => void }) {
  const router = useRouter();
  return (
    <ProjectCrashScreen
      reset={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
