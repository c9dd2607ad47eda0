import { createFileRoute } from '@tanstack/react-router';
import { DesignVideoStep } from '../../../features/design/design-video-step';

export const Route = createFileRoute('/project/$projectId/design')({
  component: DesignRoute,
});

function DesignRoute() {
  const { projectId } = Route.useParams();
  return <DesignVideoStep key={projectId} projectId={projectId} />;
}
