import { type CalculateMetadataFunction, Composition } from 'remotion';
import { COMPOSITION_ID, FPS, HEIGHT, WIDTH } from './constants.js';
import { MemoreelVideo } from './memoreel-video.js';
import { emptyVideoProps, type MemoreelVideoProps, MemoreelVideoPropsSchema } from './props.js';
import { videoMetadata } from './timing.js';

/** A video's length follows from its props: the photo count and seconds per photo. */
export const calculateMemoreelMetadata: CalculateMetadataFunction<MemoreelVideoProps> = ({ props }) =>
  videoMetadata(props);

/** The composition registry a bundle (`registerRoot(Root)`, see register-root.ts) exposes to renderers. */
export function Root() {
  return (
    <Composition
      id={COMPOSITION_ID}
      component={MemoreelVideo}
      schema={MemoreelVideoPropsSchema}
      defaultProps={emptyVideoProps()}
      calculateMetadata={calculateMemoreelMetadata}
      fps={FPS}
      width={WIDTH}
      height={HEIGHT}
      durationInFrames={1}
    />
  );
}
