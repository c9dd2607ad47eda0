import {
  animationPreviewMs,
  facesOf,
  type PhotoTransform,
  photoFraming,
  photoLayerCss,
  ROTATION_BUTTON_OVERLAY_MS,
  transformAt,
  WHEEL_INTERACTION_END_MS,
  ZOOM_BUTTON_OVERLAY_MS,
} from '@memoreel/domain';
import { Play, Square, Undo2 } from 'lucide-react';
import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cn } from '../../lib/cn';
import { useLatest } from '../../lib/use-latest';
import { Button } from '../../ui/button';
import { videoFrameInRowStyle } from '../preview/video-frame';
import {
  type Keyframe,
  KeyframeTabs,
  OverlayBadge,
  RotationControl,
  RotationGrid,
  ZOOM_BUTTON_STEP,
  ZoomControl,
} from './animation-controls';
import type { MotionVideo } from './auto-motion';
import { AutoMotionButtons, AutoMotionNotes, useAutoMotion } from './auto-motion-controls';
import { PhotoImage } from './photo-image';
import type { Photo } from './photos-api';
import { photosContent } from './photos-content';
import {
  draggedTo,
  nudged,
  rotatedTo,
  TransformSaveScheduler,
  wheelZoomed,
  zoomedTo,
} from './transform-editing';
import { type EditOverlay, useEditOverlays } from './use-edit-overlays';

const text = photosContent.animate;
type Transforms = Photo['transforms'];

interface AnimationEditorProps {
  photo: Photo;
  /** The photo's time on screen (the preview's pace) and the video's frame (the editor's shape). */
  video: MotionVideo;
  /** What Auto motion gives this photo (its faces, size, time on screen and place in the video). */
  auto: Transforms;
  onSave: (transforms: Transforms) => void;
  /** The save for a page going away, which must outlive it (a keepalive request). */
  onSaveOnLeave: (transforms: Transforms) => void;
}

/**
 * Spec §4 "Animation editor" for one photo: Start / End keyframes edited by dragging, wheel,
 * zoom and rotation controls; a preview eased between them; edits saved after a quiet moment.
 */
export function AnimationEditor({ photo, video, auto, onSave, onSaveOnLeave }: AnimationEditorProps) {
  const [transforms, setTransforms] = useState<Transforms>(photo.transforms);
  const latest = useLatest(transforms);
  const [keyframe, setKeyframe] = useState<Keyframe>('start');
  const [playingPose, setPlayingPose] = useState<PhotoTransform | null>(null);
  const [interacting, setInteracting] = useState(false);
  const { overlay, show: showOverlay, hide: hideOverlay } = useEditOverlays();
  const saveLatest = useLatest(onSave);
  const saveOnLeaveLatest = useLatest(onSaveOnLeave);
  const [saver] = useState(
    () => new TransformSaveScheduler<Transforms>((value) => saveLatest.current(value)),
  );
  const frame = useRef<HTMLDivElement>(null);
  // Where the photo rests in this video's frame, as the video draws it (a portrait fills 9:16).
  const framing = photoFraming(photo, video, facesOf(photo.subjects));
  const drag = useRef<{
    x: number;
    y: number;
    atStart: PhotoTransform;
    width: number;
    height: number;
  } | null>(null);
  const animation = useRef<number | undefined>(undefined);
  const wheelTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tabsId = useId();

  const playing = playingPose !== null;
  const pose = playingPose ?? transforms[keyframe];

  const stopPreview = useCallback(() => {
    if (animation.current !== undefined) cancelAnimationFrame(animation.current);
    animation.current = undefined;
    setPlayingPose(null);
  }, []);

  // Leaving the photo (next photo, next step) saves what is pending and stops the preview.
  useEffect(
    () => () => {
      saver.flush();
      stopPreview();
      clearTimeout(wheelTimer.current);
    },
    [saver, stopPreview],
  );

  // The page going away (reload, closed tab, a phone switching apps) sends what is pending with a
  // request that survives it; the 500 ms debounce would otherwise lose the last edit.
  useEffect(() => {
    const leave = () => saver.flush((value) => saveOnLeaveLatest.current(value));
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [saver, saveOnLeaveLatest]);

  const autoMotion = useAutoMotion({
    auto,
    current: () => latest.current,
    replace: (next) => {
      stopPreview();
      latest.current = next;
      setTransforms(next);
      saver.change(next);
      saver.flush();
    },
  });
  const forgetUndo = autoMotion.forget;

  const edit = useCallback(
    (change: (current: PhotoTransform) => PhotoTransform) => {
      const next = { ...latest.current, [keyframe]: change(latest.current[keyframe]) };
      latest.current = next;
      setTransforms(next);
      forgetUndo();
      saver.change(next);
    },
    [keyframe, latest, saver, forgetUndo],
  );

  const beginInteraction = () => {
    if (playing) stopPreview();
    saver.beginInteraction();
    setInteracting(true);
  };
  const endInteraction = () => {
    saver.endInteraction();
    setInteracting(false);
  };

  /**
   * A slider: each move edits the pose through `moveTo` with its overlay showing; the overlay stays
   * while the drag lasts and lingers after, as after a button press.
   */
  const slider = (
    kind: EditOverlay,
    lingerMs: number,
    moveTo: (pose: PhotoTransform, value: number) => PhotoTransform,
  ) => ({
    onChange: (value: number) => {
      showOverlay(kind);
      edit((current) => moveTo(current, value));
    },
    onInteractionStart: () => {
      beginInteraction();
      showOverlay(kind);
    },
    onInteractionEnd: () => {
      endInteraction();
      showOverlay(kind, lingerMs);
    },
  });

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  const onWheel = useLatest((event: WheelEvent) => {
    event.preventDefault();
    beginInteraction();
    showOverlay('zooming');
    edit((current) => wheelZoomed(current, event.deltaY));
    clearTimeout(wheelTimer.current);
    wheelTimer.current = setTimeout(() => {
      endInteraction();
      hideOverlay('zooming');
    }, WHEEL_INTERACTION_END_MS);
  });
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const listener = (event: WheelEvent) => onWheel.current(event);
    element.addEventListener('wheel', listener, { passive: false });
    return () => element.removeEventListener('wheel', listener);
  }, [onWheel]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || !frame.current) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const box = frame.current.getBoundingClientRect();
    drag.current = {
      x: event.clientX,
      y: event.clientY,
      atStart: latest.current[keyframe],
      width: box.width,
      height: box.height,
    };
    beginInteraction();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    edit(() =>
      draggedTo(
        start.atStart,
        { x: event.clientX - start.x, y: event.clientY - start.y },
        { width: start.width, height: start.height },
      ),
    );
  };
  const onPointerEnd = () => {
    if (!drag.current) return;
    drag.current = null;
    endInteraction();
  };

  const onFrameKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moved = nudged(latest.current[keyframe], event.key, event.shiftKey);
    if (moved) {
      event.preventDefault();
      if (playing) stopPreview();
      edit(() => moved);
    } else if (event.key === '+' || event.key === '=') {
      zoomBy(ZOOM_BUTTON_STEP);
    } else if (event.key === '-') {
      zoomBy(-ZOOM_BUTTON_STEP);
    }
  };

  const zoomBy = (step: number) => {
    if (playing) stopPreview();
    showOverlay('zooming', ZOOM_BUTTON_OVERLAY_MS);
    edit((current) => zoomedTo(current, current.scale + step));
  };
  const rotateBy = (step: number) => {
    if (playing) stopPreview();
    showOverlay('rotating', ROTATION_BUTTON_OVERLAY_MS);
    edit((current) => rotatedTo(current, current.rotate + step));
  };

  const chooseKeyframe = (next: Keyframe) => {
    // Spec §4: switching keyframe saves pending changes first, and stops a preview.
    saver.flush();
    stopPreview();
    setKeyframe(next);
  };

  const startPreview = () => {
    saver.flush();
    const duration = animationPreviewMs(video.durationPerPhoto);
    const { start, end } = latest.current;
    const startedAt = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - startedAt) / duration);
      setPlayingPose(transformAt(start, end, progress));
      if (progress < 1) animation.current = requestAnimationFrame(step);
      else stopPreview();
    };
    setPlayingPose(start);
    animation.current = requestAnimationFrame(step);
  };

  const reset = () => {
    if (playing) stopPreview();
    edit(() => ({ scale: 1, translateX: 0, translateY: 0, rotate: 0 }));
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <KeyframeTabs id={tabsId} keyframe={keyframe} onChange={chooseKeyframe} />
        <div className="flex flex-wrap gap-2">
          <AutoMotionButtons motion={autoMotion} />
          <Button variant="ghost" size="sm" onClick={reset} disabled={playing}>
            <Undo2 aria-hidden="true" />
            {text.reset}
          </Button>
          <Button
            size="sm"
            variant={playing ? 'secondary' : 'default'}
            onClick={playing ? stopPreview : startPreview}
          >
            {playing ? <Square aria-hidden="true" /> : <Play aria-hidden="true" />}
            {playing ? text.stop : text.preview}
          </Button>
        </div>
      </div>

      <div className="flex gap-3">
        <ZoomControl
          scale={pose.scale}
          onStep={zoomBy}
          {...slider('zooming', ZOOM_BUTTON_OVERLAY_MS, zoomedTo)}
        />
        <div
          ref={frame}
          id={`${tabsId}-panel`}
          role="tabpanel"
          aria-labelledby={`${tabsId}-${keyframe}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the photo is moved with the arrow keys here
          tabIndex={0}
          aria-describedby={`${tabsId}-hint`}
          data-own-arrows
          data-testid="animation-frame"
          style={videoFrameInRowStyle(video)}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onKeyDown={onFrameKeyDown}
          className={cn(
            'relative min-w-0 flex-1 cursor-grab touch-none select-none overflow-hidden rounded-xl bg-neutral-950 outline-none ring-offset-2 ring-offset-background focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing',
          )}
        >
          <div
            className={cn(
              'absolute inset-0',
              !interacting &&
                !playing &&
                'transition-transform duration-300 ease-out motion-reduce:transition-none',
            )}
            style={{ transform: photoLayerCss(pose, framing) }}
            data-testid="animation-pose"
          >
            <PhotoImage
              photo={photo}
              size="carousel"
              alt=""
              className="size-full bg-transparent"
              imageClassName="object-contain"
            />
          </div>
          {overlay.rotating && <RotationGrid />}
          <span className="pointer-events-none absolute top-2.5 left-2.5 rounded-full bg-black/60 px-2.5 py-1 font-medium text-white text-xs backdrop-blur-sm">
            {playing ? text.preview : keyframe === 'start' ? text.start : text.end}
          </span>
          <div className="pointer-events-none absolute top-2.5 right-2.5 flex gap-1.5" aria-live="polite">
            {overlay.zooming && <OverlayBadge>{`${Math.round(pose.scale * 100)}%`}</OverlayBadge>}
            {overlay.rotating && <OverlayBadge>{`${Math.round(pose.rotate)}°`}</OverlayBadge>}
          </div>
          <p
            id={`${tabsId}-hint`}
            className="pointer-events-none absolute inset-x-0 bottom-2 text-center text-white/80 text-xs [text-shadow:0_1px_2px_rgb(0_0_0/0.6)]"
          >
            <span className="sr-only">{text.frameLabel} </span>
            <span aria-hidden="true">
              {text.dragHint}
              {/* Phones have no wheel: their zoom is the slider. */}
              <span className="pointer-coarse:hidden">{text.wheelHint}</span>
            </span>
          </p>
        </div>
      </div>

      <AutoMotionNotes motion={autoMotion} />

      <RotationControl
        rotate={pose.rotate}
        onStep={rotateBy}
        {...slider('rotating', ROTATION_BUTTON_OVERLAY_MS, rotatedTo)}
      />
    </div>
  );
}
