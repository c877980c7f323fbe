import type { Agent } from '../../common/types';

export const formatRating = (value: number | null | undefined): string => (Number(value) || 0).toFixed(1);

/** SPEC section 9: popular score is rating times votes, votes counted as 1 when zero. */
export const popularityScore = (agent: Pick<Agent, 'averageRating' | 'voteCount'>): number =>
  (agent.averageRating || 0) * Math.max(agent.voteCount || 0, 1);

export const formatDate = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
};

/**
 * A count with thousands separators, as en-US writes it. Whole numbers skip Intl: building a number
 * formatter costs a phone tens of milliseconds at start-up, for the same text.
 */
export const formatCount = (n: number): string =>
  Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : n.toLocaleString('en-US');

let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** Date and time, e.g. "Nov 23, 2026, 10:30 AM"; the formatter is built on first use, not at start-up. */
export const formatDateTime = (value: number | Date): string =>
  (dateTimeFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })).format(value);

export const formatCredits = (n: number): string => `${formatCount(n)} ${n === 1 ? 'credit' : 'credits'}`;

export const plural = (n: number, one: string, many = `${one}s`): string => `${formatCount(n)} ${n === 1 ? one : many}`;
