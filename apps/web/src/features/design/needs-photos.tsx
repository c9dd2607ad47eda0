import { Link } from '@tanstack/react-router';
import { ImagePlus } from 'lucide-react';
import { Button } from '../../ui/button';
import { IconTile } from '../../ui/icon-tile';
import { NEEDS_PHOTOS_MESSAGE } from '../project/project-layout/project-steps';
import { videoStepsContent } from './design-content';

/** Steps 5–7 of a project without photos (spec §5): nothing to design, score or play yet. */
export function NeedsPhotos({ projectId }: { projectId: string }) {
  return (
    <section className="flex min-h-[30vh] flex-col items-center justify-center rounded-2xl border border-dashed px-6 py-12 text-center">
      <IconTile icon={ImagePlus} className="mb-5" />
      <p className="max-w-md text-muted-foreground">{NEEDS_PHOTOS_MESSAGE}</p>
      <Button asChild className="mt-6">
        <Link to="/project/$projectId/photos" params={{ projectId }}>
          {videoStepsContent.needsPhotos}
        </Link>
      </Button>
    </section>
  );
}
