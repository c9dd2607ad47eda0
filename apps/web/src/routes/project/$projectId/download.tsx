import { createFileRoute } from '@tanstack/react-router';
import { DownloadStep } from '../../../features/download/download-step';

export const Route = createFileRoute('/project/$projectId/download')({
  component: DownloadRoute,
});

function DownloadRoute() {
  const { projectId } = Route.useParams();
  return <DownloadStep key={projectId} projectId={projectId} />;
}
