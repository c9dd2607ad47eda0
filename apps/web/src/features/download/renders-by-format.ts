import { VIDEO_FORMAT_IDS, type VideoFormat, type VideoSize, videoFormatOf } from '@memoreel/domain';
import type { RenderProgress } from './download-api';

const sameSize = (render: RenderProgress, size: VideoSize) =>
  render.width === size.width && render.height === size.height;

/** The project's renders (newest first) of the format it is set to now: what step 9 shows and follows. */
export function rendersOfFormat(renders: readonly RenderProgress[], size: VideoSize): RenderProgress[] {
  return renders.filter((render) => sameSize(render, size));
}

/** The newest completed video of each other format, in the formats' order: kept, and still downloadable. */
export function otherFormatVideos(
  renders: readonly RenderProgress[],
  size: VideoSize,
): { format: VideoFormat; render: RenderProgress }[] {
  return VIDEO_FORMAT_IDS.flatMap((format) => {
    const render = renders.find(
      (render) =>
        !sameSize(render, size) &&
        videoFormatOf(render) === format &&
        render.status === 'completed' &&
        render.downloadUrl !== null,
    );
    return render ? [{ format, render }] : [];
  });
}
