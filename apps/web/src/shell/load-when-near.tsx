import { Component, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * Renders lazily loaded `children` only once this place comes within `margin` of the screen, so
 * below-the-fold code (and the zod it brings) stays out of a first visit that never scrolls there.
 * The placeholder keeps roughly the final height, so the sections below do not jump. When the code
 * cannot be fetched (the visitor went offline, as the image tools allow), the placeholder stays:
 * a footer form must never take the page down with it.
 */
export function LoadWhenNear({
  children,
  className,
  margin = '600px',
}: {
  children: ReactNode;
  className?: string;
  margin?: string;
}) {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = slot.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => setNear(entries.some((entry) => entry.isIntersecting)),
      {
        rootMargin: `${margin} 0px`,
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  const placeholder = <div className={className} />;
  return (
    <div ref={slot} className={near ? undefined : className}>
      {near && (
        <PlaceholderOnError placeholder={placeholder}>
          <Suspense fallback={placeholder}>{children}</Suspense>
        </PlaceholderOnError>
      )}
    </div>
  );
}

class PlaceholderOnError extends Component<
  { placeholder: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.placeholder : this.props.children;
  }
}
