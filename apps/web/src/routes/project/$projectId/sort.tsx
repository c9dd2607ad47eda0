import { createFileRoute } from '@tanstack/react-router';
import { SortPhotosStep } from '../../../features/photos/sort-photos-step';

export const Route = createFileRoute('/project/$projectId/sort')({
  component: SortRoute,
});

function SortRoute() {
  const { projectId } = Route.useParams();
  return <SortPhotosStep projectId={projectId} />;
}
