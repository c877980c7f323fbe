/**
 * Display preferences of this device (not of the account), kept in localStorage. No React here: the
 * entry script applies them before the first paint, and the app may never start on a page only read.
 * A cookie says whether any differs from the default (PREFERENCES_COOKIE), so the entry script opens
 * localStorage only then: the first read of a page's localStorage costs 3-17 ms on our 2-core machine
 * (its storage opened for the page), in the entry script's one task before the app.
 */
import { hasCookie } from '#app/lib/cookies.ts';
import { PREFERENCES_COOKIE } from '#common/constants.ts';

export interface DisplayPreferences {
  /** Turns off animations and smooth scrolling, whatever the operating system says. */
  reducedMotion: boolean;
  /** Smaller text and spacing everywhere, so more agents fit on a screen. */
  compact: boolean;
}

export const PREFERENCES_KEY = 'display-preferences';
export const DEFAULT_PREFERENCES: DisplayPreferences = { reducedMotion: false, compact: false };
const STYLE_ID = 'display-preferences-style';

// Tailwind sizes are in rem, so scaling the root font size makes the whole layout denser.
const CSS = `
html[data-reduced-motion='true'] { scroll-behavior: auto !important; }
html[data-reduced-motion='true'] *, html[data-reduced-motion='true'] *::before, html[data-reduced-motion='true'] *::after {
  animation-duration: 0.01ms !important; animation-iteration-count: 1 !important; transition-duration: 0.01ms !important;
}
html[data-density='compact'] { font-size: 87.5%; }
`;

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: DisplayPreferences } | null = null;

export function readPreferences(): DisplayPreferences {
  let raw: string | null;
  try {
    raw = localStorage.getItem(PREFERENCES_KEY);
  } catch {
    return DEFAULT_PREFERENCES;
  }
  if (cached && cached.raw === raw) return cached.value;
  let value = DEFAULT_PREFERENCES;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<DisplayPreferences>) : {};
    value = { reducedMotion: parsed.reducedMotion === true, compact: parsed.compact === true };
  } catch {
    // A damaged entry falls back to the defaults.
  }
  cached = { raw, value };
  markPreferences(value);
  return value;
}

const isDefault = (prefs: DisplayPreferences) => !prefs.reducedMotion && !prefs.compact;

/**
 * Keeps the cookie in step with what is saved: preferences saved before the cookie existed get it at
 * their first read, and a set one is written again at each (the app's start), as Safari keeps a
 * cookie written by a script for 7 days only.
 */
function markPreferences(prefs: DisplayPreferences): void {
  if (!isDefault(prefs)) document.cookie = `${PREFERENCES_COOKIE}=1; path=/; max-age=31536000; samesite=lax`;
  else if (hasCookie(PREFERENCES_COOKIE))
    document.cookie = `${PREFERENCES_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax`;
}

/**
 * Reflects the preferences on <html>, where the injected rules pick them up. With the defaults it
 * touches nothing: no style sheet to add and no restyle of the page while the first screen is built.
 */
export function applyPreferences(prefs: DisplayPreferences = readPreferences()): void {
  const root = document.documentElement;
  if ((prefs.reducedMotion || prefs.compact) && !document.getElementById(STYLE_ID)) {
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = CSS;
    document.head.append(style);
  }
  if (prefs.reducedMotion) root.dataset.reducedMotion = 'true';
  else delete root.dataset.reducedMotion;
  if (prefs.compact) root.dataset.density = 'compact';
  else delete root.dataset.density;
}

export function savePreferences(patch: Partial<DisplayPreferences>): void {
  const next = { ...readPreferences(), ...patch };
  localStorage.setItem(PREFERENCES_KEY, JSON.stringify(next));
  markPreferences(next);
  applyPreferences(next);
  listeners.forEach((l) => l());
}

export function resetPreferences(): void {
  localStorage.removeItem(PREFERENCES_KEY);
  markPreferences(DEFAULT_PREFERENCES);
  applyPreferences(DEFAULT_PREFERENCES);
  listeners.forEach((l) => l());
}

export const subscribePreferences = (listener: () => void) => {
  listeners.add(listener);
  // Another tab changing them applies here too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === PREFERENCES_KEY || e.key === null) {
      applyPreferences();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};
