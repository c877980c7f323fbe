import { formatDecimal, formatMediumDate, formatShortTime } from '#common/format.ts';

export { formatCents } from '#common/format.ts';

export const formatRating = (value: number | null | undefined): string => (Number(value) || 0).toFixed(1);

/** A card's rating: 'New' until someone has reviewed the agent (a 0.0 reads as a bad agent). */
export const ratingOrNew = (agent: { averageRating: number | null; voteCount: number }): string =>
  agent.voteCount ? formatRating(agent.averageRating) : 'New';

/** A date in the reader's time zone (`utc`: in UTC), or '' for none. */
export const formatDate = (iso: string | null | undefined, utc = false): string => {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatMediumDate(date, utc);
};

/** A count with thousands separators, as en-US writes it (common/format.ts says why not Intl). */
export const formatCount = (n: number): string => formatDecimal(n);

/** Date and time in the reader's time zone, e.g. "Nov 23, 2026, 10:30 AM"; with `utc`, in UTC and said so. */
export const formatDateTime = (value: number | Date | string, utc = false): string => {
  const date = new Date(value);
  return `${formatMediumDate(date, utc)}, ${formatShortTime(date, utc)}${utc ? ' UTC' : ''}`;
};

/** 'November 2026' for '2026-11' (a UTC month: no time zone may move it). */
export const formatMonth = (month: string): string =>
  new Date(`${month}-01T00:00:00.000Z`).toLocaleDateString(undefined, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export const formatCredits = (n: number): string => `${formatCount(n)} ${n === 1 ? 'credit' : 'credits'}`;

export const plural = (n: number, one: string, many = `${one}s`): string => `${formatCount(n)} ${n === 1 ? one : many}`;
