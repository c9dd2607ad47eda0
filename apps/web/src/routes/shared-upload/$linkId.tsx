import { createFileRoute } from '@tanstack/react-router';
import { SharedUploadPage } from '../../features/friend-links/shared-upload-page';

export const Route = createFileRoute('/shared-upload/$linkId')({
  component: function SharedUploadRoute() {
    const { linkId } = Route.useParams();
    return <SharedUploadPage key={linkId} linkId={linkId} />;
  },
});
