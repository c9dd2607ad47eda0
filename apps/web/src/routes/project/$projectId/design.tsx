import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PhotoStrip } from '../../../features/photos/photo-strip';
import { ComingSoonPage } from '../../../shell/coming-soon-page';

export const Route = createFileRoute('/project/$projectId/design')({
  component: DesignRoute,
});

function DesignRoute() {
  const { projectId } = Route.useParams();
  const navigate = useNavigate();
  return (
    <>
      <ComingSoonPage title="Design Your Video" />
      {/* Spec 2 §2: the photo strip sits at the bottom of the design page too; a photo opens in the editor. */}
      <PhotoStrip
        projectId={projectId}
        onSelect={(index) =>
          void navigate({ to: '/project/$projectId/edit', params: { projectId }, search: { photo: index } })
        }
      />
    </>
  );
}
