import { AbsoluteFill, Html5Audio, Img, Sequence, useCurrentFrame } from 'remotion';
import { BACKGROUND_COLOR, PHOTO_FIT } from './constants.js';
import { type MusicPlacement, musicPlacements, musicVolumeCurve } from './music.js';
import type { MemoreelVideoProps, VideoPhoto } from './props.js';
import { photoLayerWindow, photoStateAt, photoTransformCss } from './timing.js';

/** Photos are mounted this many frames ahead in the preview (hidden), so they have loaded by their turn. */
const PHOTO_PREMOUNT_FRAMES = 60;

/**
 * The Memoreel video: the only definition of how one looks, previewed by `<Player>` and rendered by
 * the workers. It draws only what Remotion's web renderer draws (`<Img>`, layout, `transform`,
 * `opacity`, background colour): no CSS filter (filters are baked into each photo's derivative) and
 * no z-index (later elements are on top).
 */
export function MemoreelVideo(props: MemoreelVideoProps) {
  return (
    <AbsoluteFill style={{ backgroundColor: BACKGROUND_COLOR }}>
      {props.photos.map((photo, index) => {
        const window = photoLayerWindow(props, index);
        return (
          <Sequence
            key={photo.id}
            name={`Photo ${index + 1}`}
            from={window.from}
            durationInFrames={window.durationInFrames}
            premountFor={PHOTO_PREMOUNT_FRAMES}
          >
            <PhotoLayer video={props} photo={photo} index={index} from={window.from} />
          </Sequence>
        );
      })}
      {musicPlacements(props).map((placement) => (
        <MusicTrack key={placement.instanceId} placement={placement} />
      ))}
    </AbsoluteFill>
  );
}

function PhotoLayer({
  video,
  photo,
  index,
  from,
}: {
  video: MemoreelVideoProps;
  photo: VideoPhoto;
  index: number;
  from: number;
}) {
  // Inside a <Sequence> the frame counts from its start; the maths works in video frames.
  const frame = from + useCurrentFrame();
  const { opacity, transform } = photoStateAt(video, index, frame);
  return (
    // The black box makes the layer opaque, so in a dissolve a photo with transparent areas
    // (background removed) never shows the one beneath it.
    <AbsoluteFill style={{ opacity, backgroundColor: BACKGROUND_COLOR }} data-photo-id={photo.id}>
      <AbsoluteFill style={{ transform: photoTransformCss(transform) }}>
        <Img src={photo.url} alt="" style={{ width: '100%', height: '100%', objectFit: PHOTO_FIT }} />
      </AbsoluteFill>
    </AbsoluteFill>
  );
}

function MusicTrack({ placement }: { placement: MusicPlacement }) {
  return (
    <Sequence name="Music" from={placement.from} durationInFrames={placement.durationInFrames} layout="none">
      <Html5Audio src={placement.url} volume={musicVolumeCurve(placement)} />
    </Sequence>
  );
}
