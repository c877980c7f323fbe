import { describe, expect, it } from 'vitest';
import { centsToDollars, csvField, guardFormula, toCsv } from './csv';

describe('CSV (RFC 4180) with a formula guard', () => {
  it('quotes fields holding commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(42)).toBe('42');
    expect(csvField('Ünïcödé ✓')).toBe('Ünïcödé ✓');
  });

  it('guards text a spreadsheet would run as a formula, and only that', () => {
    for (const text of ['=1+1', '+1', '-1+2', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x","y")', '-cmd|calc']) {
      expect(guardFormula(text), JSON.stringify(text)).toBe(`'${text}`);
    }
    for (const text of ['-2.40', '2.40', '-3', 'Agent = good', 'a@b.c']) expect(guardFormula(text), text).toBe(text);
    // Guarded first, then quoted: the apostrophe sits inside the quotes.
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('ends every record, the last one included, with CRLF', () => {
    expect(toCsv([['a', 'b'], [1, null]])).toBe('a,b\r\n1,\r\n');
  });

  it('writes cents as dollars with two decimals', () => {
    expect([0, 5, 240, -240, -5, 123456, -100].map(centsToDollars)).toEqual(['0.00', '0.05', '2.40', '-2.40', '-0.05', '1234.56', '-1.00']);
  });
});
