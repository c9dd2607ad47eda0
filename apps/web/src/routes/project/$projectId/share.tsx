import { createFileRoute } from '@tanstack/react-router';
import { ShareStep } from '../../../features/shares/share-step';

export const Route = createFileRoute('/project/$projectId/share')({
  component: ShareRoute,
});

function ShareRoute() {
  const { projectId } = Route.useParams();
  return <ShareStep projectId={projectId} />;
}
