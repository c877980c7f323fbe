import { describe, expect, it } from 'vitest';
import type { CreditTransaction } from '#common/types.ts';
import { findPurchase } from './match-purchase';

const now = Date.parse('2026-01-01T12:00:00Z');
const row = (over: Partial<CreditTransaction>): CreditTransaction => ({
  id: 1,
  kind: 'purchase',
  amount: 100,
  balanceAfter: 200,
  reference: null,
  description: null,
  createdAt: new Date(now - 1000).toISOString(),
  agent: null,
  ...over,
});

describe('findPurchase', () => {
  it('matches the checkout session id', () => {
    const list = [row({ id: 2, reference: 'cs_other' }), row({ id: 3, reference: 'cs_1', amount: 60 })];
    expect(findPurchase(list, { sessionId: 'cs_1', credits: null, now })?.id).toBe(3);
  });

  it('falls back to a recent purchase of the same size', () => {
    const list = [row({ id: 4, kind: 'try', amount: -3 }), row({ id: 5, amount: 120 })];
    expect(findPurchase(list, { sessionId: null, credits: 120, now })?.id).toBe(5);
    expect(findPurchase(list, { sessionId: null, credits: 120, now: now + 3_600_000 })).toBeNull();
  });

  it('finds nothing before the purchase is recorded', () => {
    expect(findPurchase([row({ kind: 'signup' })], { sessionId: 'cs_1', credits: 100, now })).toBeNull();
  });
});
