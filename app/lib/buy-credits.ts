import { PURCHASE_MAX, PURCHASE_MIN, PURCHASE_PRESETS } from '#common/constants.ts';

/**
 * What to offer someone `shortfall` credits short of a try: the smallest quick amount that covers it
 * (nothing under PURCHASE_MIN can be bought, so 8 short is 50), else the shortfall itself.
 */
export const purchaseToCover = (shortfall: number): number =>
  PURCHASE_PRESETS.find((preset) => preset >= shortfall) ??
  Math.min(Math.max(Math.ceil(shortfall), PURCHASE_MIN), PURCHASE_MAX);

/** /credits with that amount chosen. */
export const buyCreditsHref = (shortfall: number): string => `/credits?amount=${purchaseToCover(shortfall)}`;
