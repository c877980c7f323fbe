import { describe, expect, it } from 'vitest';
import { digitsOnly, formatPrice, purchaseAmountError, sliderPosition } from './amount';

describe('purchase amounts', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('1a2.5-0')).toBe('1250');
    expect(digitsOnly('e-3')).toBe('3');
    expect(digitsOnly('1234567')).toBe('12345');
  });

  it('uses the shared schema messages', () => {
    expect(purchaseAmountError(49)).toBe('Minimum purchase is 50 credits');
    expect(purchaseAmountError(50)).toBeNull();
    expect(purchaseAmountError(10_001)).toBe('Maximum purchase is 10,000 credits');
  });

  it('clamps the slider and prices at $1 a credit', () => {
    expect(sliderPosition(20)).toBe(50);
    expect(sliderPosition(750)).toBe(500);
    expect(formatPrice(120)).toBe('$120.00');
  });
});
