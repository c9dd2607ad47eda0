import { useCallback, useEffect, useRef, useState } from 'react';

/** The animation editor's two overlays: the rotation grid and degrees, and the zoom percentage. */
export type EditOverlay = 'rotating' | 'zooming';

/**
 * Which overlays show, and showing one for a while (`forMs`) or until hidden. Their timers end with
 * the editor.
 */
export function useEditOverlays() {
  const [overlay, setOverlay] = useState<Record<EditOverlay, boolean>>({ rotating: false, zooming: false });
  const timers = useRef<Partial<Record<EditOverlay, ReturnType<typeof setTimeout>>>>({});

  useEffect(
    () => () => {
      clearTimeout(timers.current.rotating);
      clearTimeout(timers.current.zooming);
    },
    [],
  );

  const show = useCallback((kind: EditOverlay, forMs?: number) => {
    clearTimeout(timers.current[kind]);
    setOverlay((current) => ({ ...current, [kind]: true }));
    if (forMs !== undefined) {
      timers.current[kind] = setTimeout(
        () => setOverlay((current) => ({ ...current, [kind]: false })),
        forMs,
      );
    }
  }, []);

  const hide = useCallback((kind: EditOverlay) => {
    clearTimeout(timers.current[kind]);
    setOverlay((current) => ({ ...current, [kind]: false }));
  }, []);

  return { overlay, show, hide };
}
