import { Thumbnail } from '@remotion/player';
import { MemoreelVideo } from './memoreel-video.js';
import type { MemoreelVideoProps } from './props.js';
import { videoMetadata } from './timing.js';

/** One frame of the video drawn in the DOM at its full size (the render worker's screenshot reference). */
export function MemoreelStill({ video, frame }: { video: MemoreelVideoProps; frame: number }) {
  const { durationInFrames, fps, width, height } = videoMetadata(video);
  return (
    <Thumbnail
      component={MemoreelVideo}
      inputProps={video}
      frameToDisplay={frame}
      durationInFrames={durationInFrames}
      fps={fps}
      compositionWidth={width}
      compositionHeight={height}
      style={{ width, height }}
    />
  );
}
