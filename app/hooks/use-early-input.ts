import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Text typed into a server-rendered field before the app ran is on screen but not in React's state
 * (React 19 does not replay it), and the next render would wipe it. Once the field is hydrated that
 * text is taken into state, as if typed then (docs/decisions/0017). For fields that start empty.
 */
export function useEarlyInput(ref: RefObject<HTMLInputElement | null>, onEarlyInput: (text: string) => void): void {
  useEarlyChoice(ref, '', onEarlyInput);
}

/**
 * A choice made in a server-rendered control (a select, a range) while the page was only HTML: on
 * screen, but in no state, as React 19 neither resets such a value when it hydrates nor replays the
 * change. Once hydrated it is taken as if made then (docs/decisions/0031). `rendered` is the value
 * the control was rendered with; nothing is reported when it still shows that.
 */
export function useEarlyChoice(
  ref: RefObject<HTMLInputElement | HTMLSelectElement | null>,
  rendered: string,
  onEarlyChoice: (value: string) => void,
): void {
  // What the server rendered and whom to tell: read once, at hydration.
  const first = useRef({ rendered, onEarlyChoice });
  // A layout effect, in the commit that hydrated the control: what it reports is in state before any
  // other render. From a passive effect the report came at the priority of the hydration, an idle one
  // for a part hydrated in its own slice, and a render in between (useHydrated's, the first after
  // hydration) put the control's rendered value back on screen: a box showing the URL's query again,
  // and an Enter pressed then searched for that query, the text typed lost with it.
  useLayoutEffect(() => {
    const shown = ref.current?.value;
    if (shown !== undefined && shown !== first.current.rendered) first.current.onEarlyChoice(shown);
  }, [ref]);
}
