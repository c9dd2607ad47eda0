import { createFileRoute } from '@tanstack/react-router';
import { PreviewVideoStep } from '../../../features/preview/preview-video-step';

export const Route = createFileRoute('/project/$projectId/preview')({
  component: PreviewRoute,
});

function PreviewRoute() {
  const { projectId } = Route.useParams();
  return <PreviewVideoStep key={projectId} projectId={projectId} />;
}
