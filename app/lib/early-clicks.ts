/**
 * Taps on the server's HTML before React has taken it over (docs/decisions/0017). Until a part of
 * the page is hydrated its buttons do nothing, and React does not replay a tap on a part it cannot
 * hydrate at once (its code still downloading). So the entry script holds such taps back and, once
 * the whole page is hydrated, taps each button again, once, in order: a tab or a toggle tapped early
 * still answers. Links and search forms work without the app, and the app's own forms are disabled
 * until hydrated (AppForm), so only buttons are held.
 *
 * Loaded with the entry script, before React: no imports.
 */
const TAPPABLE = 'button, [role="tab"], [role="button"]';
/** The parts of app-layout.tsx hydrated one by one, by the element each renders. */
const PARTS = { navbar: 'header', page: 'main', footer: 'footer' } as const;
export type HydratingPart = keyof typeof PARTS;

const held: HTMLElement[] = [];
const hydrated = new Set<HydratingPart>();
let reactListens = false;

function partOf(element: Element): HydratingPart | null {
  for (const [part, tag] of Object.entries(PARTS) as [HydratingPart, string][]) if (element.closest(`#root ${tag}`)) return part;
  return null;
}

function hold(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest(TAPPABLE) : null;
  if (!(target instanceof HTMLElement)) return;
  // A form's submit button (a <button> without a type is one) does what the browser does with it.
  if (target instanceof HTMLButtonElement && target.type === 'submit' && target.form) return;
  if (reactListens) {
    // React has the page: it handles taps on what is hydrated (and what is outside the parts).
    const part = partOf(target);
    if (part === null || hydrated.has(part)) return;
  }
  event.stopImmediatePropagation();
  event.preventDefault();
  if (!held.includes(target)) held.push(target);
}

/** From the entry script, before the app has even been fetched. */
export function holdEarlyClicks(): void {
  document.addEventListener('click', hold, true);
}

/** `hydrateRoot` has been called: React's own listeners are on the page. */
export function reactTookOver(): void {
  reactListens = true;
}

/** One part of the page has been hydrated (at its commit, app/lib/hydration.ts). True once all are. */
export function partHydrated(part: HydratingPart): boolean {
  hydrated.add(part);
  return hydrated.size === Object.keys(PARTS).length;
}

/**
 * Once the whole page is hydrated, or at once for a page the browser renders by itself: nothing is
 * held any more, and what was held is tapped again, in order, if still on the page.
 */
export function releaseEarlyClicks(): void {
  document.removeEventListener('click', hold, true);
  for (const element of held.splice(0)) if (element.isConnected) element.click();
}
