import { photoLayerCss } from '@memoreel/domain';
import { AbsoluteFill, Html5Audio, Img, Sequence, useCurrentFrame, useRemotionEnvironment } from 'remotion';
import { PhotoCaption } from './caption-layer.js';
import { CardLayers, TextFontGate } from './card-layer.js';
import { BACKGROUND_COLOR, PHOTO_FIT } from './constants.js';
import { type MusicPlacement, musicPlacements, musicVolumeCurve } from './music.js';
import type { MemoreelVideoProps, VideoPhoto } from './props.js';
import {
  captionOpacityAt,
  cardWindows,
  photoLayersMountedAt,
  photoLayerWindow,
  photoStateAt,
} from './timing.js';

/** Photos are mounted this many frames ahead in the preview (hidden), so they have loaded by their turn. */
const PHOTO_PREMOUNT_FRAMES = 60;

/**
 * The Memoreel video: the only definition of how one looks, previewed by `<Player>` and rendered by
 * the workers. It draws only what Remotion's web renderer draws (`<Img>`, layout, text, `transform`,
 * `opacity`, background colour, the cards' blur): no CSS filter on the photos (filters are baked into
 * each photo's derivative) and no z-index (later elements are on top).
 *
 * The web renderer refuses `<Html5Audio>`, and the workers render muted chunks and mix the music
 * once with ffmpeg from `musicPlacements` anyway: so the music plays in the preview (and in the
 * screenshot renderer) but is left out of a client-side render.
 */
export function MemoreelVideo(props: MemoreelVideoProps) {
  const { isClientSideRendering } = useRemotionEnvironment();
  const cards = cardWindows(props);
  return (
    <AbsoluteFill style={{ backgroundColor: BACKGROUND_COLOR }}>
      <TextFontGate video={props} />
      {(cards.opening || cards.closing) && <CardLayers video={props} windows={cards} />}
      <PhotoLayers video={props} />
      {isClientSideRendering
        ? null
        : musicPlacements(props).map((placement) => (
            <MusicTrack key={placement.instanceId} placement={placement} />
          ))}
    </AbsoluteFill>
  );
}

/**
 * The photos near the current frame, each in its <Sequence>: with a <Sequence> for each of 400 photos,
 * React went through them all on every frame (about 4.5 ms a frame of a render).
 */
function PhotoLayers({ video }: { video: MemoreelVideoProps }) {
  const mounted = photoLayersMountedAt(video, useCurrentFrame(), PHOTO_PREMOUNT_FRAMES);
  return mounted.map((index) => {
    const photo = video.photos[index] as VideoPhoto;
    const window = photoLayerWindow(video, index);
    return (
      <Sequence
        key={photo.id}
        name={`Photo ${index + 1}`}
        from={window.from}
        durationInFrames={window.durationInFrames}
        premountFor={PHOTO_PREMOUNT_FRAMES}
      >
        <PhotoLayer video={video} photo={photo} index={index} from={window.from} />
      </Sequence>
    );
  });
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
  // Opacity sits above the image alone: a second drawn element in the layer (a backdrop, say)
  // would darken a dissolve in the web renderer, which applies opacity element by element.
  return (
    <>
      <AbsoluteFill style={{ opacity }} data-photo-id={photo.id}>
        <AbsoluteFill style={{ transform: photoLayerCss(transform, photo.framing) }}>
          <Img src={photo.url} alt="" style={{ width: '100%', height: '100%', objectFit: PHOTO_FIT }} />
        </AbsoluteFill>
      </AbsoluteFill>
      {photo.caption && (
        <PhotoCaption video={video} caption={photo.caption} opacity={captionOpacityAt(video, index, frame)} />
      )}
    </>
  );
}

function MusicTrack({ placement }: { placement: MusicPlacement }) {
  return (
    <Sequence name="Music" from={placement.from} durationInFrames={placement.durationInFrames} layout="none">
      <Html5Audio src={placement.url} volume={musicVolumeCurve(placement)} />
    </Sequence>
  );
}
