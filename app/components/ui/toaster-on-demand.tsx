import { useEffect, useState } from 'react';
import { onDemand } from '#app/hooks/use-on-demand.ts';
import { useToasts } from '#app/hooks/use-toast.ts';

// The toast library is not part of a page's load: it is fetched and run once the app is idle (or
// with the first toast, if that comes sooner), so a first toast ('Link copied') does not wait on it;
// held once loaded rather than behind React.lazy (app/hooks/use-on-demand.ts).
const toaster = onDemand(() => import('./toaster'));

/** The toasts, their code fetched apart from the page's (app/components/ui/toaster.tsx). */
export function ToasterOnDemand() {
  const toasts = useToasts();
  // Mounted once its code has loaded at idle, so the first toast renders into a region already on
  // the page (Radix portals a toast into its viewport, known only a render after the viewport
  // mounts); or with the first toast, if that comes sooner.
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return;
    const mount = () => setNeeded(true);
    const handle = window.requestIdleCallback(() => void toaster.load().then(mount, () => undefined), {
      timeout: 5000,
    });
    return () => window.cancelIdleCallback(handle);
  }, []);
  const loaded = toaster.useModule(needed);
  return loaded ? <loaded.Toaster /> : null;
}
