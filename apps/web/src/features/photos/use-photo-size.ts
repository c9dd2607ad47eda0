import { PHOTO_SIZE, parsePhotoSize } from '@memoreel/domain';
import { useState } from 'react';

function readStored(): number {
  try {
    return parsePhotoSize(localStorage.getItem(PHOTO_SIZE.storageKey));
  } catch {
    return PHOTO_SIZE.default;
  }
}

/** Spec §3 local storage: the sort thumbnails' size slider, remembered as `photoSize`. */
export function usePhotoSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(readStored);
  return [
    size,
    (next: number) => {
      setSize(next);
      try {
        localStorage.setItem(PHOTO_SIZE.storageKey, String(next));
      } catch {
        // Private modes may refuse storage; the slider still works for this visit.
      }
    },
  ];
}
