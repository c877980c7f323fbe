import { describe, expect, it } from 'vitest';
import { buyCreditsHref, purchaseToCover } from './buy-credits';

describe('buying what a try needs', () => {
  it('offers the smallest quick amount that covers a shortfall, else the shortfall', () => {
    expect(purchaseToCover(8)).toBe(50);
    expect(purchaseToCover(50)).toBe(50);
    expect(purchaseToCover(51)).toBe(100);
    expect(purchaseToCover(499)).toBe(500);
    expect(purchaseToCover(640)).toBe(640);
    expect(purchaseToCover(20_000)).toBe(10_000);
    expect(buyCreditsHref(8)).toBe('/credits?amount=50');
  });
});
