import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, formatRating, plural } from './format';

describe('format', () => {
  it('rounds ratings to one decimal', () => {
    expect(formatRating(4.25)).toBe('4.3');
    expect(formatRating(0)).toBe('0.0');
  });

  it('writes counts as en-US does, without building a formatter for whole numbers', () => {
    for (const n of [0, 7, 999, 1000, 12345, 1234567, -1234, -999, 2 ** 40])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    expect(formatCount(1234.5)).toBe('1,234.5');
  });

  it('writes a date and time', () => {
    expect(formatDateTime(new Date(2026, 10, 23, 10, 30))).toBe('Nov 23, 2026, 10:30 AM');
  });

  it('pluralises counts', () => {
    expect(plural(1, 'agent')).toBe('1 agent');
    expect(plural(1200, 'agent')).toBe('1,200 agents');
  });
});
