import { Film, Pause, Play } from 'lucide-react';
import { Component, type ReactNode, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { DEMO_CLIP_SIZE, type DemoReel, demoPreview } from './landing-content';
import { useDemoClip } from './use-demo-clip';

/**
 * A finished Memoreel video as a quiet loop, its title beneath it. The poster is an `<img>` (the
 * hero's is the page's largest paint: fetched first, at the clip's own size), and the muted clip
 * fades in over it once it actually plays; see useDemoClip for when that is. Spec §2: a preview
 * whose poster or clip cannot be fetched says "Video preview unavailable" instead of a blank frame.
 */
function ReelClip({ reel, priority }: { reel: DemoReel; priority: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const { playing, started, near, toggle } = useDemoClip(video, { afterLoad: priority });
  const [failed, setFailed] = useState(false);
  const fail = () => setFailed(true);
  if (failed) return <PreviewUnavailable />;
  return (
    <div className="relative aspect-video overflow-hidden rounded-xl bg-muted">
      <img
        src={reel.clip.poster}
        alt=""
        {...DEMO_CLIP_SIZE}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        onError={fail}
        className="absolute inset-0 size-full object-cover"
      />
      <video
        ref={video}
        aria-label={demoPreview.video(reel.caption)}
        // A poster attribute is fetched at once: below the fold it waits, like the lazy <img>.
        poster={priority || near ? reel.clip.poster : undefined}
        {...DEMO_CLIP_SIZE}
        muted
        loop
        playsInline
        preload="none"
        disablePictureInPicture
        className={cn(
          'absolute inset-0 size-full object-cover transition-opacity duration-500 motion-reduce:transition-none',
          !started && 'opacity-0',
        )}
      >
        <source src={reel.clip.video} type="video/mp4" onError={fail} />
      </video>
      <button
        type="button"
        onClick={toggle}
        aria-label={playing ? demoPreview.pause : demoPreview.play}
        className="absolute top-3 right-3 grid size-9 place-items-center rounded-full bg-black/35 text-white backdrop-blur-sm transition-colors hover:bg-black/55 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        {playing ? (
          <Pause aria-hidden="true" className="size-4" />
        ) : (
          <Play aria-hidden="true" className="size-4 translate-x-px" />
        )}
      </button>
    </div>
  );
}

function PreviewUnavailable() {
  return (
    <div className="grid aspect-video place-items-center rounded-xl bg-muted text-muted-foreground">
      <p className="flex items-center gap-2 text-sm">
        <Film aria-hidden="true" className="size-4" />
        {demoPreview.unavailable}
      </p>
    </div>
  );
}

/** Spec §2: a demo preview that cannot load says so instead of leaving a blank frame. */
class PreviewBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PreviewUnavailable /> : this.props.children;
  }
}

/** `priority`: the hero's, the page's largest paint (its poster fetched first, its clip after the page loads). */
export function DemoPreview({
  reel,
  className,
  priority = false,
}: {
  reel: DemoReel;
  className?: string;
  priority?: boolean;
}) {
  return (
    <figure
      aria-label={demoPreview.label(reel.caption)}
      className={cn('rounded-2xl border bg-card p-3 shadow-primary/10 shadow-xl', className)}
    >
      <PreviewBoundary>
        <ReelClip reel={reel} priority={priority} />
      </PreviewBoundary>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 px-2 pt-3 pb-1">
        <span className="font-display text-base text-foreground italic sm:text-lg">{reel.caption}</span>
        <span className="text-muted-foreground text-xs">{reel.detail}</span>
      </figcaption>
    </figure>
  );
}
