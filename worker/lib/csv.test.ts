import { describe, expect, it } from 'vitest';
import { centsToDollars, csvField, dollarsCell, guardFormula, toCsv } from './csv';

describe('CSV (RFC 4180) with a formula guard', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['a; b', '"a; b"'],
    ['a\tb', '"a\tb"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    [null, ''],
    [undefined, ''],
    [42, '42'],
    ['Ünïcödé ✓', 'Ünïcödé ✓'],
  ])('writes %j as %j: commas, semicolons, tabs, quotes or line breaks quoted, quotes doubled', (value, cell) => {
    expect(csvField(value)).toBe(cell);
  });

  it('guards text a spreadsheet would run as a formula, and only that', () => {
    for (const text of [
      '=1+1',
      '+1',
      '-1',
      '-2.40',
      '-1+2',
      '@SUM(A1)',
      '\tplain',
      '\rplain',
      '=HYPERLINK("http://x","y")',
      '-cmd|calc',
      '＝1+1',
      '＠SUM(A1)',
    ]) {
      expect(guardFormula(text), JSON.stringify(text)).toBe(`'${text}`);
    }
    // Spreadsheets skip spaces, line breaks and quotes before a formula: the apostrophe goes before them.
    for (const text of [' =1+1', '  +1', '"=1+1"', ' "-1'])
      expect(guardFormula(text), JSON.stringify(text)).toBe(`'${text}`);
    // A leading tab or line break is also where a tab- or line-splitting reader starts the next cell.
    expect(guardFormula('\t=1')).toBe("'\t'=1");
    expect(guardFormula('\r=1')).toBe("'\r'=1");
    expect(guardFormula('\n=1')).toBe("'\n'=1");
    for (const text of ['Agent = good', 'a@b.c', 'x-y', 'a, b', 'a; b']) expect(guardFormula(text), text).toBe(text);
    // Guarded first, then quoted: the apostrophe sits inside the quotes.
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('guards every cell a separator inside the text could start, whichever separator the reader splits on', () => {
    expect(csvField(';=1+1')).toBe(`";'=1+1"`);
    expect(csvField(',=1+1')).toBe(`",'=1+1"`);
    expect(csvField('\t=cmd')).toBe(`"'\t'=cmd"`);
    expect(csvField('Sales;=1+1')).toBe(`"Sales;'=1+1"`);
    expect(csvField('a, -1+2; @x')).toBe(`"a,' -1+2;' @x"`);
    expect(csvField('a;"=1+1')).toBe(`"a;'""=1+1"`);
    expect(csvField('first\n+1')).toBe(`"first\n'+1"`);
    expect(csvField('x\t@y')).toBe(`"x\t'@y"`);
    // Split on any separator or line break, the quotes ignored: no piece starts a formula.
    for (const text of [';=1+1', ',=1+1', '\t=cmd', 'a, -1+2; @x', 'a;"=1+1', 'first\n+1', ' \r\n@x']) {
      for (const piece of csvField(text).split(/[;,\t\r\n]/))
        expect(piece.replace(/^[\s"]*/, ''), `${text} → ${piece}`).not.toMatch(/^[=+\-@]/);
    }
  });

  it('writes amounts as numbers, negative ones included, never guarded', () => {
    expect(csvField(dollarsCell(-100))).toBe('-1.00');
    expect(csvField(dollarsCell(-240))).toBe('-2.40');
    expect(csvField(dollarsCell(0))).toBe('0.00');
    expect(csvField(-1)).toBe('-1');
    // The same characters as free text (an agent's name) are guarded.
    expect(csvField('-1')).toBe("'-1");
    // A decimal cell holding anything but a plain decimal is treated as the text it is.
    expect(csvField({ decimal: '=1+1' })).toBe("'=1+1");
  });

  it('ends every record, the last one included, with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        [1, null],
      ]),
    ).toBe('a,b\r\n1,\r\n');
    expect(toCsv([[';=1+1', dollarsCell(-240)]])).toBe(`";'=1+1",-2.40\r\n`);
  });

  it('writes cents as dollars with two decimals', () => {
    expect([0, 5, 240, -240, -5, 123456, -100].map(centsToDollars)).toEqual([
      '0.00',
      '0.05',
      '2.40',
      '-2.40',
      '-0.05',
      '1234.56',
      '-1.00',
    ]);
  });
});
