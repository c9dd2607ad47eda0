import { type Context, useContext } from 'react';

/** The value a provider puts in `context`; a hook used outside its provider throws `misuse`. */
export function useProvided<T>(context: Context<T | null>, misuse: string): T {
  const value = useContext(context);
  if (!value) throw new Error(misuse);
  return value;
}
