/** What the server wrote into this page for its scripts, and how the page was loaded: read by the entry script, so no React here. */

/** The content of the page's `<meta name>` tag the server wrote (common/ssr.ts), or undefined where there is none. */
export const pageMeta = (name: string): string | undefined =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

/** This document's navigation entry (undefined where the browser keeps none). */
export const navigationEntry = (): PerformanceNavigationTiming | undefined =>
  performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;

/**
 * Whether the page was shown again by Back or Forward: from the browser's HTTP cache, it holds what
 * the server wrote for an earlier visit (its tags describe that request, not this one).
 */
export const shownFromHistory = (): boolean => navigationEntry()?.type === 'back_forward';
