import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '#common/constants.ts';
import { dismissToast, useToasts } from '#app/hooks/use-toast.ts';

/** Radix Toast with the product's toast settings (docs/product.md#constants): 5000 ms, swipe right past 50 px, F8 to focus, 420 px wide at most. */
export function Toaster() {
  const toasts = useToasts();
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
      {/* Clear of every bar with an action (the confirm-email banner, the install offer, the update
          prompt): below the navbar on phones and tablets, where those bars span the bottom of the
          screen; above them, on the right, on wide screens (the update prompt keeps to the left). */}
      <Toast.Viewport className="fixed right-0 top-16 z-[100] flex w-full max-w-[420px] flex-col gap-2 p-4 outline-none lg:top-auto lg:bottom-(--bottom-bars)" />
    </Toast.Provider>
  );
}
