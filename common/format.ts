/**
 * Numbers, money and dates written as en-US writes them, without Intl. The first Intl call in a page
 * builds ICU's locale data: about 30 ms on our 2-core machine and several times that on a phone, in
 * the middle of showing the first screen. The text is the same (format.test.ts checks it against Intl).
 */
import { CENTS_PER_DOLLAR } from './constants';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Commas between groups of three digits of a string of digits. */
const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * A number with thousands separators and between `minFraction` and `maxFraction` decimals, e.g.
 * formatDecimal(1234.5, 0, 2) is "1,234.5". Intl's defaults are 0 and 3.
 */
export function formatDecimal(n: number, minFraction = 0, maxFraction = Math.max(minFraction, 3)): string {
  // toFixed writes exponents from 1e21 on; such figures never reach our screens, but stay right.
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21)
    return n.toLocaleString('en-US', { minimumFractionDigits: minFraction, maximumFractionDigits: maxFraction });
  const [whole = '', fraction = ''] = Math.abs(n).toFixed(maxFraction).split('.');
  let decimals = fraction.replace(/0+$/, '');
  if (decimals.length < minFraction) decimals = decimals.padEnd(minFraction, '0');
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}${group(whole)}${decimals ? `.${decimals}` : ''}`;
}

/** US dollars, e.g. "$1,234.00" (`fractionDigits` decimals, always shown). */
export function formatUsd(amount: number, fractionDigits = 2): string {
  const text = formatDecimal(amount, fractionDigits, fractionDigits);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** An amount in cents as dollars, e.g. 240 is "$2.40" (earnings, payouts and checkouts are kept in cents). */
export const formatCents = (cents: number): string => formatUsd(cents / CENTS_PER_DOLLAR);

/**
 * A date in the reader's time zone, e.g. "Nov 23, 2026"; with `utc`, in UTC (the server, which does
 * not know the reader's zone: app/components/ui/local-time.tsx).
 */
export const formatMediumDate = (date: Date, utc = false): string =>
  utc
    ? `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
    : `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;

/** A time of day in the reader's time zone, e.g. "3:05 PM"; with `utc`, in UTC. */
export function formatShortTime(date: Date, utc = false): string {
  const hours = utc ? date.getUTCHours() : date.getHours();
  const minutes = utc ? date.getUTCMinutes() : date.getMinutes();
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}
