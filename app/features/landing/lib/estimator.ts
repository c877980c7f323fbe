import { formatUsd } from '#common/format.ts';

/**
 * docs/product.md#constants's static credits estimator. The pitch prices credits at 10 per dollar (a
 * marketing figure of this landing only; the product itself charges 1 credit = $1).
 */
export const CREDITS_PER_DOLLAR = 10;
export const TRADITIONAL_SAAS_MONTHLY = 1869;

export const ESTIMATE_ITEMS = [
  { task: 'Lead discovery', detail: '110 qualified leads found and enriched', credits: 220 },
  { task: 'Content creation', detail: '12 blog posts and 60 social captions', credits: 360 },
  { task: 'Data analysis', detail: '23 weekly KPI reports', credits: 46 },
] as const;

export const dollars = (credits: number): number => credits / CREDITS_PER_DOLLAR;

export const usd = formatUsd;

export function estimate() {
  const totalCredits = ESTIMATE_ITEMS.reduce((sum, item) => sum + item.credits, 0);
  const total = dollars(totalCredits);
  const saving = TRADITIONAL_SAAS_MONTHLY - total;
  return {
    items: ESTIMATE_ITEMS.map((item) => ({ ...item, cost: dollars(item.credits) })),
    totalCredits,
    total,
    traditional: TRADITIONAL_SAAS_MONTHLY,
    saving,
    savingPercent: Math.round((saving / TRADITIONAL_SAAS_MONTHLY) * 100),
  };
}
