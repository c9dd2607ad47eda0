import { createFileRoute, Outlet, useRouter } from '@tanstack/react-router';
import { GuestGate } from '../../../features/account/guest-gate';
import { ProjectCrashScreen } from '../../../features/project/project-layout/project-error-screens';
import { ProjectLayout } from '../../../features/project/project-layout/project-layout';

/** All nine workflow steps need a user (spec §2) and share the project's sidebar. */
export const Route = createFileRoute('/project/$projectId')({
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
