import { useEffect, useState } from 'react';

/**
 * A module fetched when first wanted and held from then on: React.lazy's job without a Suspense
 * boundary. A lazy component's first render suspends once however loaded its module is, and a
 * boundary that has shown its fallback reveals its content no sooner than 300 ms later (React
 * throttles reveals): a toast or a dialog opened by a tap waited that long for nothing
 * (docs/decisions/0044). `load` fetches it ahead (at idle, say); `useModule(wanted)` gives it once
 * wanted and loaded, in the same render when it already is. A failed fetch is thrown to the nearest
 * error boundary, as React.lazy's is, and the next want fetches again.
 */
export function onDemand<M>(fetchModule: () => Promise<M>) {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  const load = (): Promise<M> =>
    (pending ??= fetchModule().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));

  function useModule(wanted: boolean): M | null {
    const [failed, setFailed] = useState<{ error: unknown } | null>(null);
    const [, setLoaded] = useState(loaded);
    const ready = wanted ? loaded : null;
    useEffect(() => {
      if (!wanted || loaded) return;
      let live = true;
      load().then(
        (module) => live && setLoaded(module),
        (error: unknown) => live && setFailed({ error }),
      );
      return () => void (live = false);
    }, [wanted]);
    if (failed) throw failed.error;
    return ready;
  }

  return { load, useModule };
}
