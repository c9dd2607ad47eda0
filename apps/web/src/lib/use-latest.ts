import { type RefObject, useLayoutEffect, useRef } from 'react';

/** A ref that always holds the latest value: listeners bound once can still call the newest callback. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
