import { Download, Share, Smartphone, X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { Button } from '#app/components/ui/button.tsx';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Set once the person dismisses the offer: it is not made again on this device. */
export const INSTALL_DISMISSED_KEY = 'install-offer-dismissed';

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Dismissed in this page: stands in for the stored flag where storage is refused (private mode). */
let dismissedHere = false;
/** The browser's offer to install, kept from whichever page it came on until it is used. */
let prompt: BeforeInstallPromptEvent | null = null;

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

/** Whether to offer installation at all, and how: the iOS hint, or the browser's prompt once it has come. */
const offerSnapshot = (): 'none' | 'ios' | 'prompt' =>
  dismissed() || installed() ? 'none' : iosSafari() ? 'ios' : prompt ? 'prompt' : 'none';

/**
 * Keeps the browser's install offer (Chromium's beforeinstallprompt) for the whole visit, whichever
 * page it comes on, so the pages that offer installation (InstallOffer) can use it when they are
 * opened. Mounted once, with the app.
 */
export function InstallPromptListener() {
  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      prompt = event as BeforeInstallPromptEvent;
      changed();
    };
    const onInstalled = () => {
      prompt = null;
      changed();
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  return null;
}

/**
 * Offers installation where people look for it: the Saved page (the agents kept for offline use)
 * and Settings, On this device. Not a bar after the footer, where nobody scrolls. In the flow, at
 * the end of what it sits in: appearing, it moves nothing already read. Dismissed, it is not shown
 * again on this device. What it reads of the device is never read while hydrating (the server's
 * snapshot is 'none', as useHydrated does; docs/decisions/0016).
 */
export function InstallOffer({ className = '' }: { className?: string }) {
  const offer = useSyncExternalStore(subscribe, offerSnapshot, () => 'none' as const);
  if (offer === 'none') return null;

  const dismiss = () => {
    dismissedHere = true;
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    } catch {
      // Not remembered on this device: gone from this page only.
    }
    changed();
  };

  const install = async () => {
    const event = prompt;
    if (!event) return;
    await event.prompt();
    await event.userChoice;
    // A prompt event is good for one prompt; the browser fires a new one if it offers again.
    prompt = null;
    changed();
  };

  return (
    <section
      aria-label="Install the app"
      className={`flex items-start gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-slate-800 print:hidden ${className}`}
    >
      <Smartphone aria-hidden className="mt-0.5 size-6 shrink-0 text-brand-700" />
      <div className="grid flex-1 gap-3">
        {offer === 'ios' ? (
          <p className="text-sm">
            Install: tap Share
            <Share aria-hidden className="mx-1 inline size-4 align-text-bottom" />, then Add to Home Screen
          </p>
        ) : (
          <>
            <p className="text-sm">
              Keep AgentMarket on your home screen, with the agents you have seen and saved, even offline.
            </p>
            <div>
              <Button size="sm" onClick={() => void install()} className="rounded-full">
                <Download aria-hidden className="size-4" /> Install app
              </Button>
            </div>
          </>
        )}
      </div>
      <button
        type="button"
        aria-label="Dismiss install prompt"
        onClick={dismiss}
        className="-mr-1 -mt-1 flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-white hover:text-slate-900"
      >
        <X aria-hidden className="size-5" />
      </button>
    </section>
  );
}
