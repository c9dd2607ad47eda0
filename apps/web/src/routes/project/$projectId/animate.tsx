import { createFileRoute } from '@tanstack/react-router';
import { AnimatePhotosStep } from '../../../features/photos/animate-photos-step';

export const Route = createFileRoute('/project/$projectId/animate')({
  component: AnimateRoute,
});

function AnimateRoute() {
  const { projectId } = Route.useParams();
  return <AnimatePhotosStep projectId={projectId} />;
}
