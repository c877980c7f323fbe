import { describe, expect, it } from 'vitest';
import { formatDecimal, formatMediumDate, formatShortTime, formatUsd } from './format';

// Intl is the reference: these functions exist only to skip its start-up cost.
const intl = (n: number, min: number, max: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });

describe('format without Intl', () => {
  const numbers = [
    0,
    -0,
    1,
    7,
    12,
    999,
    1000,
    1001,
    12345,
    123456,
    1234567,
    2 ** 40,
    -1,
    -1234,
    -999,
    0.5,
    1.25,
    12.345,
    1234.5,
    1234.5678,
    99.999,
    0.001,
    -0.001,
    62.6,
    186.9,
    5000,
  ];

  it('writes decimals as Intl does', () => {
    for (const n of numbers) {
      expect(formatDecimal(n)).toBe(intl(n, 0, 3));
      expect(formatDecimal(n, 0, 2)).toBe(intl(n, 0, 2));
      expect(formatDecimal(n, 2, 2)).toBe(intl(n, 2, 2));
    }
  });

  it('writes dollars as Intl does', () => {
    for (const n of numbers) {
      for (const digits of [0, 2]) {
        expect(formatUsd(n, digits)).toBe(
          n.toLocaleString('en-US', {
            style: 'currency',
            currency: 'USD',
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }),
        );
      }
    }
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });

  it('writes dates and times as Intl does', () => {
    const normalise = (s: string) => s.replace(/\u202f/g, ' ');
    for (const date of [
      new Date(2026, 0, 1, 0, 5),
      new Date(2026, 10, 23, 12, 0),
      new Date(1999, 11, 31, 23, 59),
      new Date(2030, 5, 9, 9, 7),
    ]) {
      expect(formatMediumDate(date)).toBe(
        date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
      );
      expect(formatShortTime(date)).toBe(normalise(date.toLocaleTimeString('en-US', { timeStyle: 'short' })));
      expect(formatMediumDate(date, true)).toBe(
        date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }),
      );
      expect(formatShortTime(date, true)).toBe(
        normalise(date.toLocaleTimeString('en-US', { timeStyle: 'short', timeZone: 'UTC' })),
      );
    }
  });
});
