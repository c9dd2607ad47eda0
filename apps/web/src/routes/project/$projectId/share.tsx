import { createFileRoute } from '@tanstack/react-router';
import { ShareStep } from '../../../features/sharing/share-step';

export const Route = createFileRoute('/project/$projectId/share')({
  component: ShareRoute,
});

function ShareRoute() {
  const { projectId } = Route.useParams();
  return <ShareStep projectId={projectId} />;
}
