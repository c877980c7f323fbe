// Words for the creators' earnings ledger, shared by the statements (CSV) and the app (docs/decisions/0029).
import { formatCents } from './format';

/** Every kind of creator_earnings row, those of payouts included (written by the payouts feature). */
export const EARNINGS_KIND_LABELS: Record<string, string> = {
  earning: 'Earning',
  reversal: 'Refund reversal',
  to_credits: 'Moved to credits',
  payout: 'Payout',
  payout_returned: 'Payout returned',
};

/** A kind's label; a kind added later still shows, as itself, rather than vanish from a statement. */
export const earningsKindLabel = (kind: string): string => EARNINGS_KIND_LABELS[kind] ?? kind;

/** YYYY-MM: a statement's month (UTC). */
export const STATEMENT_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const INVALID_STATEMENT_MONTH = 'A statement month is written YYYY-MM, for example 2026-11';

/** The statement's file name for a month. */
export const statementFileName = (month: string) => `earnings-statement-${month}.csv`;

/**
 * What a creator owes: a refund reverses an earning on the side of the balance it is on, so one that
 * reaches earnings already moved into credits or paid out leaves available earnings below zero
 * (docs/decisions/0029, 'A refund after the money left'). 0 when nothing is owed.
 */
export const owedCents = (availableCents: number): number => (availableCents < 0 ? -availableCents : 0);

/** The creator's own words for it: the card says it, and the moves and payouts it refuses answer it. */
export const earningsOwedMessage = (owed: number): string =>
  `You owe ${formatCents(owed)}: a refund reached earnings you had already moved or been paid. Future earnings pay it back first; until then nothing can be moved to credits or paid out.`;
