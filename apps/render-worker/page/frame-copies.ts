/**
 * Remotion's web renderer makes each frame's `VideoFrame` from the canvas it composed the frame on, and
 * that frame shares the canvas's pixels until the encoder is done with it, a few frames later. In
 * Chromium without a GPU, drawing on a canvas whose pixels a live `VideoFrame` still shares (or on a
 * new one) costs a fresh 8 MB buffer, and the memory faulting in costs more than composing: 41 ms a
 * 1080p frame against 18 ms (decision 0037). So the render page hands the encoder a copy made through
 * one buffer it keeps: the renderer closes its own frame as soon as `onFrame` returns the copy, and the
 * canvases are drawn on again in place.
 */
export type FrameCopier = {
  /** A frame with `frame`'s pixels, size, time and colours that shares nothing with its canvas. */
  copy(frame: VideoFrame): Promise<VideoFrame>;
};

export function frameCopier(): FrameCopier {
  // One buffer a page: the renderer awaits `onFrame` before composing the next frame.
  let buffer: ArrayBuffer | null = null;
  return {
    async copy(frame) {
      const { format, visibleRect } = frame;
      // A frame whose pixels can't be read (a GPU texture) is left as it is.
      if (!format || !visibleRect) return frame;
      const size = frame.allocationSize();
      if (buffer?.byteLength !== size) buffer = new ArrayBuffer(size);
      const layout = await frame.copyTo(buffer);
      // The new frame copies the buffer's pixels: the buffer is free again for the next frame.
      return new VideoFrame(buffer, {
        format,
        codedWidth: visibleRect.width,
        codedHeight: visibleRect.height,
        displayWidth: frame.displayWidth,
        displayHeight: frame.displayHeight,
        layout,
        timestamp: frame.timestamp,
        ...(frame.duration === null ? {} : { duration: frame.duration }),
        colorSpace: frame.colorSpace.toJSON(),
      });
    },
  };
}
