import { toast, type ToastVariant } from '../../../hooks/use-toast';

const KEY = 'flash-toast';
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
  } catch {
    // Storage unavailable (private mode): the toast before the reload is all the user gets.
  }
}

/** The toast left by the previous page, once. */
export function takeFlash(): Flash | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Flash> & { page?: string };
    // Left by this very page, which is about to reload (and has shown the toast already).
    if (value.page === THIS_PAGE) return null;
    sessionStorage.removeItem(KEY);
    return typeof value.title === 'string' ? { title: value.title, description: value.description, variant: value.variant } : null;
  } catch {
    return null;
  }
}
