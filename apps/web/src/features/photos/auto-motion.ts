import {
  autoMotion,
  clampTransform,
  DEFAULT_TRANSFORMS,
  type PhotoTransform,
  type VideoSettings,
} from '@memoreel/domain';
import type { Photo } from './photos-api';

type Transforms = Photo['transforms'];

/** What the motion of a photo depends on besides the photo: its time on screen and the video's frame. */
export type MotionVideo = Pick<VideoSettings, 'durationPerPhoto' | 'width' | 'height'>;

/**
 * A photo's Auto motion (issue 35): libs/domain's rule on where its faces (or subject) are, its size,
 * its time on screen, the video's frame (16:9, 1:1, 9:16) and its place in the video, so neighbours
 * move differently. Before media has looked for faces, it centres.
 */
export function autoMotionOf(photo: Photo, index: number, video: MotionVideo): Transforms {
  const motion = autoMotion({
    boxes: photo.subjects?.boxes ?? [],
    kind: photo.subjects?.kind === 'subject' ? 'subject' : 'faces',
    photo: { width: photo.width, height: photo.height },
    durationSeconds: video.durationPerPhoto,
    index,
    frame: { width: video.width, height: video.height },
  });
  return { start: clampTransform(motion['0']), end: clampTransform(motion['100']) };
}

const samePose = (a: PhotoTransform, b: PhotoTransform) =>
  a.scale === b.scale &&
  a.translateX === b.translateX &&
  a.translateY === b.translateY &&
  a.rotate === b.rotate;

export const sameMotion = (a: Transforms, b: Transforms) =>
  samePose(a.start, b.start) && samePose(a.end, b.end);

/** Motion the user set: neither the still default nor what Auto motion gives this photo. */
export function isOwnMotion(transforms: Transforms, auto: Transforms): boolean {
  const still = { start: DEFAULT_TRANSFORMS['0'], end: DEFAULT_TRANSFORMS['100'] };
  return !sameMotion(transforms, still) && !sameMotion(transforms, auto);
}
