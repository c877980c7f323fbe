import { useEffect, useState } from 'react';

/**
 * How many items of a list to render now: the first few at once, then a few more per task, so a
 * long list never blocks a slow phone's main thread in one piece (taps and paints get in between).
 * Items already shown stay shown when the list grows (Load More continues from there).
 */
export function useProgressiveCount(total: number, first = 4, step = 4): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const id = setTimeout(() => setCount((c) => c + step), 0);
    return () => clearTimeout(id);
  }, [count, total, step]);
  return Math.min(count, total);
}
