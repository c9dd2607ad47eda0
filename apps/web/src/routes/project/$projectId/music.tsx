import { createFileRoute } from '@tanstack/react-router';
import { SelectMusicStep } from '../../../features/music/select-music-step';

export const Route = createFileRoute('/project/$projectId/music')({
  component: MusicRoute,
});

function MusicRoute() {
  const { projectId } = Route.useParams();
  return <SelectMusicStep key={projectId} projectId={projectId} />;
}
