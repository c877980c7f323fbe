import { useEffect, useState } from 'react';
import { afterNextPaint } from '#app/lib/after-paint.ts';

/**
 * `on`, but one painted frame late when it turns on (at once when it starts on): for work a tap sets
 * off that can wait until the tap's answer is on screen, such as a request whose answer comes later
 * anyway. Once on, it stays without delay.
 */
export function useAfterPaint(on: boolean): boolean {
  const [painted, setPainted] = useState(on);
  useEffect(() => {
    if (!on || painted) return;
    let live = true;
    afterNextPaint(() => live && setPainted(true));
    return () => {
      live = false;
    };
  }, [on, painted]);
  return on && painted;
}
