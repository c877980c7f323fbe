import { describe, expect, it } from 'vitest';
import { agentIdIn, buyCreditsHref, purchaseToCover } from './buy-credits';

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

  it('carries the agent page it was asked from, and never another site', () => {
    expect(buyCreditsHref(8, '/agents/7')).toBe('/credits?amount=50&next=%2Fagents%2F7');
    expect(buyCreditsHref(8, '//evil.example')).toBe('/credits?amount=50');
    expect(buyCreditsHref(8, 'https://evil.example/agents/7')).toBe('/credits?amount=50');
  });

  it('names the agent of a path to return to', () => {
    expect(agentIdIn('/agents/7')).toBe(7);
    expect(agentIdIn('/agents/7?tab=reviews')).toBe(7);
    expect(agentIdIn('/agents/7#try')).toBe(7);
    expect(agentIdIn('/agents/7x')).toBeNull();
    expect(agentIdIn('/agents')).toBeNull();
    expect(agentIdIn(null)).toBeNull();
  });
});
