// CSV downloads (RFC 4180): creators' statements and the operators' totals (docs/decisions/0029).
// A few lines rather than a library: quoting and one guard are all it takes.
import type { Context } from 'hono';
import { CENTS_PER_DOLLAR } from '#common/constants.ts';

/** A number we computed, written as given (such as dollars with two decimals): no text, so never guarded. */
export interface CsvDecimal {
  readonly decimal: string;
}

/** A cell: free text (always guarded), a number, a decimal we formatted, or nothing. */
export type CsvCell = string | number | CsvDecimal | null | undefined;

// What makes a spreadsheet read a cell as a formula: =, +, -, @ (OWASP), and their fullwidth forms,
// which some spreadsheets in East Asian locales take for the ASCII ones.
const TRIGGER = '=+\\-@\uFF1D\uFF0B\uFF0D\uFF20';
/**
 * Where a cell can begin inside the text, whichever separator the reader splits on: just after each
 * comma, semicolon, tab or line break (FORMULA_START is the text's own start). A file we write with commas
 * is split on ';' by spreadsheets in much of Europe (and on tabs by some import dialogs), and a reader
 * splitting on another separator takes quotes in the middle of a field as text, so quoting alone
 * cannot keep `x;=1+1` in one cell: its `=1+1` would start a cell of its own. Spreadsheets skip spaces
 * and quotes before a formula, so the apostrophe goes before them.
 */
const AFTER_SEPARATOR = new RegExp(`([,;\\t\\r\\n])(?=[\\s"]*[${TRIGGER}])`, 'g');
const FORMULA_START = new RegExp(`^([\\s"]*[${TRIGGER}]|[\\t\\r])`);

/**
 * Free text made safe to open in a spreadsheet with any separator (OWASP's CSV injection advice): an
 * apostrophe, which makes the cell text, before a formula trigger wherever a cell could begin (see
 * AFTER_SEPARATOR), and before a leading tab or carriage return. Numbers never pass through here:
 * they are CsvDecimal or number cells, so -2.40 stays a number.
 */
export function guardFormula(text: string): string {
  const guarded = text.replace(AFTER_SEPARATOR, "$1'");
  return FORMULA_START.test(text) ? `'${guarded}` : guarded;
}

/** A plain decimal, the only form a CsvDecimal is written as is. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * One field. Text is guarded, then quoted when it holds a comma or a semicolon (either locale's
 * separator), a tab, a quote or a line break, so a reader splitting on either keeps it in one cell.
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'object' && DECIMAL.test(value.decimal)) return value.decimal;
  const text = guardFormula(typeof value === 'object' ? value.decimal : value);
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text: fields joined by commas, records ended by CRLF (RFC 4180 §2). */
export const toCsv = (rows: CsvCell[][]): string =>
  rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';

/**
 * A CSV download. The byte order mark lets spreadsheet programs read the UTF-8 (names with accents)
 * instead of guessing a legacy code page; the file name is ASCII, so no RFC 5987 form is needed.
 * Typed as c.body types it, so a route answering CSV or JSON keeps its JSON answer's type.
 */
export function csvResponse(c: Context, fileName: string, rows: CsvCell[][]) {
  return c.body(`\uFEFF${toCsv(rows)}`, 200, {
    'Content-Type': 'text/csv; charset=utf-8; header=present',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'private, no-store',
  });
}

/** Cents as dollars with two decimals: -240 → "-2.40" (in whole numbers: no float rounding in a statement). */
export const centsToDollars = (cents: number): string =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / CENTS_PER_DOLLAR)}.${String(Math.abs(cents) % CENTS_PER_DOLLAR).padStart(2, '0')}`;

/** An amount column's cell: cents as dollars, a number to the spreadsheet (never guarded). */
export const dollarsCell = (cents: number): CsvDecimal => ({ decimal: centsToDollars(cents) });
