import { VIDEO_FPS, VIDEO_HEIGHT, VIDEO_WIDTH } from '@memoreel/domain';

/**
 * ARCHITECTURE §3 and spec §9: every Memoreel video is 30 fps, 1080 px on its short side. WIDTH
 * and HEIGHT are the default 16:9 frame; a video's own frame is `videoSize(props)`.
 */
export const FPS = VIDEO_FPS;
export const WIDTH = VIDEO_WIDTH;
export const HEIGHT = VIDEO_HEIGHT;

/** The id workers select when they bundle `Root`. */
export const COMPOSITION_ID = 'memoreel';

/** A photo fades in over the first and out over the last tenth of its time. */
export const PHOTO_FADE_SHARE = 0.1;

/** Spec §9: music fades out over the last 60 frames (2 s) of each track, or of the video when it runs to the end. */
export const MUSIC_FADE_OUT_FRAMES = 60;

/** How a photo sits in the frame before its motion: whole, centred, black around it. */
export const PHOTO_FIT = 'contain';

/** Behind every photo (and in fade-to-black, between them). */
export const BACKGROUND_COLOR = '#000000';
