import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '#common/constants.ts';
import { dismissToast, useToasts } from '#app/hooks/use-toast.ts';
import { coveredAtBottom } from '#app/lib/keep-clear.ts';

/**
 * How far up from the bottom of the screen the toasts sit while any is shown: above whatever sits
 * there under their column (the confirm-email banner, an agent page's try bar, the update prompt),
 * measured again as the page scrolls, resizes or grows.
 */
function useClearance(viewport: RefObject<HTMLOListElement | null>, showing: boolean): number {
  const [bottom, setBottom] = useState(0);
  useLayoutEffect(() => {
    if (!showing) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const column = viewport.current?.getBoundingClientRect();
      setBottom(column ? coveredAtBottom(column.left, column.right) : 0);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule);
    const resizes = new ResizeObserver(schedule);
    resizes.observe(document.documentElement);
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
      resizes.disconnect();
    };
  }, [showing, viewport]);
  return bottom;
}

/** Radix Toast with the product's toast settings (docs/product.md#constants): 5000 ms, swipe right past 50 px, F8 to focus, 420 px wide at most. */
export function Toaster() {
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  const bottom = useClearance(viewport, toasts.length > 0);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={`group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-9 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition ${
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-600 text-white'
              : 'border-slate-200 bg-white text-slate-900'
          }`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description && <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>}
          </div>
          <Toast.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X aria-hidden className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* At the bottom, where a phone's thumb is and no navigation is (the header's Back, Share and
          Report stay uncovered), above every bar with an action there (useClearance): full width on
          a phone, on the right on wide screens (the update prompt keeps to the left). */}
      <Toast.Viewport
        ref={viewport}
        style={{ bottom }}
        className={`fixed right-0 z-[100] flex w-full max-w-[420px] flex-col gap-2 p-4 outline-none ${bottom === 0 ? 'pb-[max(1rem,env(safe-area-inset-bottom))]' : ''}`}
      />
    </Toast.Provider>
  );
}
