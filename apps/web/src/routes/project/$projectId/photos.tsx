import { createFileRoute } from '@tanstack/react-router';
import { AddPhotosStep } from '../../../features/photos/add-photos-step';

export const Route = createFileRoute('/project/$projectId/photos')({
  component: PhotosRoute,
});

function PhotosRoute() {
  const { projectId } = Route.useParams();
  return <AddPhotosStep projectId={projectId} />;
}
