/** The function the reference page defines on `window`: draws one frame of the video in the DOM. */
export const REFERENCE_FRAME_FUNCTION = 'showMemoreelFrame';
