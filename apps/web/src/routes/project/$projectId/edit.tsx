import { createFileRoute } from '@tanstack/react-router';
import { EditPhotosStep } from '../../../features/photos/edit-photos-step';

/** `?photo=` opens the carousel at that photo (0-based), e.g. from the design page's strip. */
export const Route = createFileRoute('/project/$projectId/edit')({
  validateSearch: (search: Record<string, unknown>): { photo?: number } => {
    const photo = Number(search.photo);
    return Number.isInteger(photo) && photo >= 0 ? { photo } : {};
  },
  component: EditRoute,
});

function EditRoute() {
  const { projectId } = Route.useParams();
  const { photo } = Route.useSearch();
  return <EditPhotosStep key={projectId} projectId={projectId} initialIndex={photo ?? 0} />;
}
