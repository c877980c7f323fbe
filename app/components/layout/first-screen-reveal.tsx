import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { awaitedOnFirstScreen, FIRST_SCREEN_SETTLE_MS, firstScreenHeld, onFirstScreenHoldsChange } from '../../lib/first-screen';

/**
 * Calls `onReady` once the saved cache is back, no query is fetching and no page code is loading,
 * after a short quiet moment (so what just arrived has been rendered). Offline, paused queries do not
 * count as fetching, so the saved pages show at once.
 */
export function FirstScreenReveal({ onReady }: { onReady: () => void }) {
  const queryClient = useQueryClient();
  const isRestoring = useIsRestoring();
  useEffect(() => {
    if (isRestoring) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const settle = () => {
      clearTimeout(timer);
      if (done) return;
      timer = setTimeout(() => {
        if (queryClient.isFetching({ predicate: awaitedOnFirstScreen }) > 0 || firstScreenHeld()) return;
        done = true;
        onReady();
      }, FIRST_SCREEN_SETTLE_MS);
    };
    const unsubscribeCache = queryClient.getQueryCache().subscribe(settle);
    const unsubscribeHolds = onFirstScreenHoldsChange(settle);
    settle();
    return () => {
      clearTimeout(timer);
      unsubscribeCache();
      unsubscribeHolds();
    };
  }, [isRestoring, queryClient, onReady]);
  return null;
}
