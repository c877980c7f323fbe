import { describe, expect, it } from 'vitest';
import { estimate, usd } from './estimator';
import { categoryLabel, monthlyPrice, safeExternalUrl } from './pricing';

describe('credits estimator', () => {
  it('matches docs/product.md#constants to the cent', () => {
    const e = estimate();
    expect(e.items.map((i) => [i.credits, usd(i.cost)])).toEqual([
      [220, '$22.00'],
      [360, '$36.00'],
      [46, '$4.60'],
    ]);
    expect(e.totalCredits).toBe(626);
    expect(usd(e.total)).toBe('$62.60');
    expect(usd(e.traditional, 0)).toBe('$1,869');
    expect(usd(e.saving)).toBe('$1,806.40');
    expect(e.savingPercent).toBe(97);
  });
});

describe('landing pricing', () => {
  it('uses the credit cost as the monthly price, else 35', () => {
    expect(monthlyPrice({ creditCost: 12 })).toBe(12);
    expect(monthlyPrice({ creditCost: 0 })).toBe(35);
  });

  it('labels categories 1-4 and calls the rest Business Intelligence', () => {
    expect([1, 2, 3, 4, 5, 99].map(categoryLabel)).toEqual([
      'Lead Discovery',
      'Content Creation',
      'Sales Intelligence',
      'Data Analysis',
      'Business Intelligence',
      'Business Intelligence',
    ]);
  });

  it('only opens web addresses', () => {
    expect(safeExternalUrl('https://a.example.com/app')).toBe('https://a.example.com/app');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });
});
