import { toast, type ToastVariant } from '#app/hooks/use-toast.ts';
import { hasCookie } from '#app/lib/cookies.ts';
import { FLASH_MARKER_COOKIE } from '#common/constants.ts';

const KEY = 'flash-toast';
/**
 * The marker cookie (FLASH_MARKER_COOKIE) lives beside the stored toast for a minute. A page opens
 * sessionStorage only when it is there: the first use of sessionStorage in a page loads it
 * synchronously from the browser (about 10 ms here, more on a phone), and nearly every page load
 * has no toast waiting. sessionStorage stays the record (it is per tab); the cookie only says that
 * some tab of this site may have left one, and it is left to expire, so a tab taking its own toast
 * never hides another tab's.
 */
const MARKER_MAX_AGE_S = 60;
/** This document, so it does not take back the flash it left for the next one. */
const THIS_PAGE = `${Date.now()}-${Math.random()}`;

interface Flash {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/**
 * Shows a toast now and again after the full-page reload that follows it (registration, Google
 * sign-in), so the message is not lost with the page.
 */
export function toastAcrossReload(flash: Flash): void {
  toast(flash);
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...flash, page: THIS_PAGE }));
    document.cookie = `${FLASH_MARKER_COOKIE}=1; Max-Age=${MARKER_MAX_AGE_S}; Path=/; SameSite=Lax`;
    // Read back at once: Chromium's setter is asynchronous and its getter waits for it, so the
    // navigation that follows carries the marker. The server names it to the next page's entry
    // script (app/lib/cookies.ts), which no longer reads the cookies itself.
    void document.cookie;
  } catch {
    // Storage unavailable (private mode): the toast before the reload is all the user gets.
  }
}

/** The toast left by the previous page, once. */
export function takeFlash(cookie = document.cookie): Flash | null {
  if (!hasCookie(FLASH_MARKER_COOKIE, cookie)) return null;
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Flash> & { page?: string };
    // Left by this very page, which is about to reload (and has shown the toast already).
    if (value.page === THIS_PAGE) return null;
    sessionStorage.removeItem(KEY);
    return typeof value.title === 'string'
      ? { title: value.title, description: value.description, variant: value.variant }
      : null;
  } catch {
    return null;
  }
}
