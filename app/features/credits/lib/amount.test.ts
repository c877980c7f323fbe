import { describe, expect, it } from 'vitest';
import { digitsOnly, formatPrice, initialPurchaseAmount, onSlider, purchaseAmountError, sliderPosition } from './amount';

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

  it("starts /credits at a buyable ?amount=, else the default", () => {
    expect(initialPurchaseAmount('50')).toBe(50);
    expect(initialPurchaseAmount('750')).toBe(750);
    for (const bad of [null, '', '8', '49', '10001', '1e3', '-50', '50.5', ' 50', 'abc']) expect(initialPurchaseAmount(bad), String(bad)).toBe(100);
    expect(onSlider(50)).toBe(true);
    expect(onSlider(120)).toBe(true);
    expect(onSlider(125)).toBe(false);
    expect(onSlider(750)).toBe(false);
  });
});
