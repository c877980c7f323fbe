import { FALLBACK_PRICE } from '#common/constants.ts';
import type { Agent } from '#common/types.ts';

/** The landings' price badge: the agent's credit cost, or the fallback of 35 per month (docs/product.md#landings). */
export const monthlyPrice = (agent: Pick<Agent, 'creditCost'>): number =>
  agent.creditCost > 0 ? agent.creditCost : FALLBACK_PRICE;

/** docs/product.md#screens (/agents-agent91): the category label comes from the category id. */
const CATEGORY_LABELS: Record<number, string> = {
  1: 'Lead Discovery',
  2: 'Content Creation',
  3: 'Sales Intelligence',
  4: 'Data Analysis',
};

export const categoryLabel = (categoryId: number): string => CATEGORY_LABELS[categoryId] ?? 'Business Intelligence';

/** Only web addresses are opened; anything else (javascript:, data:) is ignored. */
export const safeExternalUrl = (url: string | null | undefined): string | null => {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
};
