import { parseFeatures } from '#common/validation.ts';

/** docs/product.md#screens: with no features listed, the tab shows three generic ones. */
export const PLACEHOLDER_FEATURES = [
  'Automates repetitive work so your team can focus on what matters',
  'Works with the tools and data you already use',
  'Delivers consistent results you can review before acting on them',
];

/** Features as a list, a JSON-encoded list or plain text (one item); placeholders when there are none. */
export function featureList(features: unknown): { items: string[]; placeholder: boolean } {
  const items = parseFeatures(features);
  return items.length > 0 ? { items, placeholder: false } : { items: PLACEHOLDER_FEATURES, placeholder: true };
}
