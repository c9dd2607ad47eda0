import { createFileRoute } from '@tanstack/react-router';
import { SharedVideoPage } from '../../features/shares/shared-video-page';

export const Route = createFileRoute('/v/$videoId')({
  component: SharedVideoRoute,
});

function SharedVideoRoute() {
  const { videoId } = Route.useParams();
  return <SharedVideoPage videoId={videoId} />;
}
