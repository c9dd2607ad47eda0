import { photoMessages } from '@memoreel/domain';
import { createFileRoute, Outlet, redirect, useRouter } from '@tanstack/react-router';
import { toast } from 'sonner';
import { GuestGate } from '../../../features/account/guest-gate';
import { ProjectCrashScreen } from '../../../features/project/project-layout/project-error-screens';
import { ProjectLayout } from '../../../features/project/project-layout/project-layout';

/** All nine workflow steps need a user (spec §2) and share the project's sidebar. */
/** An address whose id is missing or mangled (e.g. a link built from `undefined`): spec §2 'Invalid project ID'. */
const PROJECT_ID = /^[\w-]{1,64}$/;
const MISSING_IDS = new Set(['undefined', 'null']);

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
    <GuestGate>
      <ProjectLayout projectId={projectId}>
        <Outlet />
      </ProjectLayout>
    </GuestGate>
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
