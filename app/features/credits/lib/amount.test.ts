import { describe, expect, it } from 'vitest';
import {
  amountText,
  formatPrice,
  initialPurchaseAmount,
  onSlider,
  purchaseAmountError,
  sliderPosition,
  typedAmount,
} from './amount';

describe('purchase amounts', () => {
  it('keeps digits and a decimal separator, and reads only a whole number as an amount', () => {
    expect(amountText('1a2-0')).toBe('120');
    expect(amountText('e-3')).toBe('3');
    // A decimal part is kept, so the amount is refused rather than read as its digits run together.
    expect(amountText('10.5')).toBe('10.5');
    expect(amountText('10,5')).toBe('10,5');
    expect(amountText('10000.5')).toBe('10000.5');
    expect(typedAmount('120')).toBe(120);
    expect(typedAmount('1,000')).toBe(1000);
    expect(typedAmount('10,000')).toBe(10_000);
    for (const text of ['10.5', '10,5', '10.', '1,00', '1000,000', '10000.5', ''])
      expect(typedAmount(text), text).toBeNaN();
    expect(purchaseAmountError(typedAmount('100.5'))).toBe('Please enter a whole number of credits');
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

  it('starts /credits at a buyable ?amount=, else the default', () => {
    expect(initialPurchaseAmount('50')).toBe(50);
    expect(initialPurchaseAmount('750')).toBe(750);
    for (const bad of [null, '', '8', '49', '10001', '1e3', '-50', '50.5', ' 50', 'abc'])
      expect(initialPurchaseAmount(bad), String(bad)).toBe(100);
    expect(onSlider(50)).toBe(true);
    expect(onSlider(120)).toBe(true);
    expect(onSlider(125)).toBe(false);
    expect(onSlider(750)).toBe(false);
  });
});
