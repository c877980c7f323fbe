import { Download, Share, X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useBottomBar } from '#app/hooks/use-bottom-bar.ts';
import { Button } from '#app/components/ui/button.tsx';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Set once the person dismisses the offer: it is not made again on this device. */
export const INSTALL_DISMISSED_KEY = 'install-offer-dismissed';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Dismissed in this page: stands in for the stored flag where storage is refused (private mode). */
let dismissedHere = false;

const dismissed = (): boolean => {
  if (dismissedHere) return true;
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

const installed = (): boolean =>
  matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/**
 * iPhone and iPad Safari: no beforeinstallprompt, installation is Share, then Add to Home Screen.
 * iPadOS reports itself as a Mac with a touch screen; other iOS browsers name themselves (CriOS…).
 */
const iosSafari = (): boolean => {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  return ios && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(ua);
};

/** Whether to offer installation at all, and whether as the iOS hint. */
const offerSnapshot = (): 'none' | 'ios' | 'prompt' =>
  dismissed() || installed() ? 'none' : iosSafari() ? 'ios' : 'prompt';

/**
 * Offers installation where the browser allows it (Chromium's beforeinstallprompt) and tells iPhone
 * and iPad Safari users how. A bar at the very end of the page, in the flow: it never covers what a
 * person is reading or tapping, and floating layers keep clear of it (useBottomBar). Dismissed, it is
 * not shown again on this device. What it reads of the device is never read while hydrating (the
 * server's snapshot is 'none', as useHydrated does; docs/decisions/0016).
 */
export function InstallButton() {
  const offer = useSyncExternalStore(subscribe, offerSnapshot, () => 'none' as const);
  const [prompt, setPrompt] = useState<BeforeInstallPromptEvent | null>(null);
  const bar = useBottomBar();

  useEffect(() => {
    if (offer !== 'prompt') return;
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setPrompt(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setPrompt(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, [offer]);

  if (offer === 'none' || (offer === 'prompt' && !prompt)) return null;

  const dismiss = () => {
    dismissedHere = true;
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    } catch {
      // Not remembered on this device: gone from this page only.
    }
    listeners.forEach((listener) => listener());
  };

  const install = async (event: BeforeInstallPromptEvent) => {
    await event.prompt();
    await event.userChoice;
    // A prompt event is good for one prompt; the browser fires a new one if it offers again.
    setPrompt(null);
  };

  return (
    <section
      ref={bar}
      aria-label="Install the app"
      className="border-t border-slate-200 bg-white px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] print:hidden"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3">
        {offer === 'ios' || !prompt ? (
          <p className="flex-1 text-sm text-slate-700">
            Install: tap Share
            <Share aria-hidden className="mx-1 inline size-4 align-text-bottom" />, then Add to Home Screen
          </p>
        ) : (
          <>
            <p className="flex-1 text-sm text-slate-700">
              Keep AgentMarket on your home screen, with the agents you have seen, even offline.
            </p>
            <Button size="sm" onClick={() => void install(prompt)} className="shrink-0 rounded-full">
              <Download aria-hidden className="size-4" /> Install app
            </Button>
          </>
        )}
        <button
          type="button"
          aria-label="Dismiss install prompt"
          onClick={dismiss}
          className="flex size-10 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
    </section>
  );
}
