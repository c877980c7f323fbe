import { PURCHASE_MAX, PURCHASE_MIN, PURCHASE_PRESETS } from '#common/constants.ts';
import { safeNextPath } from '#common/next-path.ts';

/**
 * What to offer someone `shortfall` credits short of a try: the smallest quick amount that covers it
 * (nothing under PURCHASE_MIN can be bought, so 8 short is 50), else the shortfall itself.
 */
export const purchaseToCover = (shortfall: number): number =>
  PURCHASE_PRESETS.find((preset) => preset >= shortfall) ??
  Math.min(Math.max(Math.ceil(shortfall), PURCHASE_MIN), PURCHASE_MAX);

/**
 * /credits with that amount chosen and, when given, the page to return to once bought (an agent's:
 * the checkout comes back to /credits, whose confirmation leads there with Try Agent ready).
 */
export function buyCreditsHref(shortfall: number, from?: string): string {
  const params = new URLSearchParams({ amount: String(purchaseToCover(shortfall)) });
  const next = safeNextPath(from);
  if (next) params.set('next', next);
  return `/credits?${params}`;
}

/** The agent page a path names (`/agents/7`, with any query or hash), or null. */
export function agentIdIn(path: string | null): number | null {
  const match = path?.match(/^\/agents\/(\d{1,9})(?:[?#]|$)/);
  return match ? Number(match[1]) : null;
}
