import { useEffect, useRef, type RefObject } from 'react';

/**
 * Text typed into a server-rendered field before the app ran is on screen but not in React's state
 * (React 19 does not replay it), and the next render would wipe it. Once the field is hydrated that
 * text is taken into state, as if typed then (docs/decisions/0017). For fields that start empty.
 */
export function useEarlyInput(ref: RefObject<HTMLInputElement | null>, onEarlyInput: (text: string) => void): void {
  const callback = useRef(onEarlyInput);
  useEffect(() => {
    const text = ref.current?.value;
    if (text) callback.current(text);
  }, [ref]);
}
