// CSV downloads (RFC 4180): creators' statements and the operators' totals (docs/decisions/0029).
// A few lines rather than a library: quoting and one guard are all it takes.
import type { Context } from 'hono';

/** A cell: text, a number we computed, or nothing. */
export type CsvCell = string | number | null | undefined;

/**
 * Text that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return) gets a leading apostrophe (OWASP's CSV injection advice). A plain decimal number such as
 * -2.40 is no formula and stays a number.
 */
export function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
}

/** One field: guarded when it is text, quoted when it holds a comma, a quote or a line break. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = guardFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text: fields joined by commas, records ended by CRLF (RFC 4180 §2). */
export const toCsv = (rows: CsvCell[][]): string => rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';

/**
 * A CSV download. The byte order mark lets spreadsheet programs read the UTF-8 (names with accents)
 * instead of guessing a legacy code page; the file name is ASCII, so no RFC 5987 form is needed.
 */
export function csvResponse(c: Context, fileName: string, rows: CsvCell[][]): Response {
  return c.body(`\uFEFF${toCsv(rows)}`, 200, {
    'Content-Type': 'text/csv; charset=utf-8; header=present',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'private, no-store',
  });
}

/** Cents as dollars with two decimals: -240 → "-2.40" (a number to the spreadsheet, see guardFormula). */
export const centsToDollars = (cents: number): string => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
