// The operators' totals per UTC day (docs/decisions/0029): what came in (credits sold and
// granted), what was spent, how the spending split between creators and the platform, and what left
// the earnings balance. Each query is one range of a covering index (migration 0020):
// credit_ledger_created and creator_earnings_created; both go to D1 in one batch.
import type { D1Database } from '@cloudflare/workers-types';
import type { DailyTotals, OperatorTotals } from '#common/types.ts';
import { dollarsCell, type CsvCell } from '#worker/lib/csv.ts';

export const TOTALS_DEFAULT_DAYS = 30;
/** A year and a day: a leap year's every day fits, and one request never scans more than that. */
export const TOTALS_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

type Figures = Omit<DailyTotals, 'date'>;
const zero = (): Figures => ({
  creditsSold: 0,
  creditsGranted: 0,
  creditsSpent: 0,
  creditsRefunded: 0,
  creatorsShareCents: 0,
  platformShareCents: 0,
  movedToCreditsCents: 0,
  paidOutCents: 0,
});

/** The totals' SQL (?1 and ?2: the range's first instant and the one after it); a worker test reads their plans. */
export const TOTALS_SQL = {
  // 'earnings' rows (moved from earnings into credits) are counted from the earnings side below.
  ledger: `SELECT substr(created_at, 1, 10) AS day,
                  sum(CASE WHEN kind = 'purchase' THEN amount ELSE 0 END) AS creditsSold,
                  sum(CASE WHEN kind IN ('signup', 'admin_topup') THEN amount ELSE 0 END) AS creditsGranted,
                  -sum(CASE WHEN kind IN ('try', 'refund') THEN amount ELSE 0 END) AS creditsSpent,
                  sum(CASE WHEN kind = 'refund' THEN amount ELSE 0 END) AS creditsRefunded
           FROM credit_ledger WHERE created_at >= ?1 AND created_at < ?2 GROUP BY day`,
  // Every kind counts somewhere: payouts (less their returns, when one fails) as paid out.
  earnings: `SELECT substr(created_at, 1, 10) AS day,
                    sum(CASE WHEN kind IN ('earning', 'reversal') THEN amount_cents ELSE 0 END) AS creatorsShareCents,
                    sum(platform_cents) AS platformShareCents,
                    -sum(CASE WHEN kind = 'to_credits' THEN amount_cents ELSE 0 END) AS movedToCreditsCents,
                    -sum(CASE WHEN kind IN ('payout', 'payout_returned') THEN amount_cents ELSE 0 END) AS paidOutCents
             FROM creator_earnings WHERE created_at >= ?1 AND created_at < ?2 GROUP BY day`,
};

/** The days from `from` to `to` (YYYY-MM-DD, both included). */
export function daysBetween(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00.000Z`);
  const count = Math.round((Date.parse(`${to}T00:00:00.000Z`) - start) / DAY_MS) + 1;
  return Array.from({ length: Math.max(count, 0) }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}

export async function getTotals(d1: D1Database, from: string, to: string): Promise<OperatorTotals> {
  const dates = daysBetween(from, to);
  const start = `${from}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString();
  const [ledger, earnings] = await d1.batch([
    d1.prepare(TOTALS_SQL.ledger).bind(start, end),
    d1.prepare(TOTALS_SQL.earnings).bind(start, end),
  ]);
  const byDay = new Map<string, Figures>();
  for (const row of [
    ...(ledger!.results as (Partial<Figures> & { day: string })[]),
    ...(earnings!.results as (Partial<Figures> & { day: string })[]),
  ]) {
    const { day, ...figures } = row;
    byDay.set(day, { ...(byDay.get(day) ?? zero()), ...figures });
  }
  const days = dates.map((date) => ({ date, ...(byDay.get(date) ?? zero()) }));
  const totals = zero();
  for (const day of days) for (const key of Object.keys(totals) as (keyof Figures)[]) totals[key] += day[key];
  return { from, to, days, totals };
}

export const TOTALS_HEADER = [
  'Date (UTC)',
  'Credits sold',
  'Credits granted',
  'Credits spent',
  'Credits refunded',
  "Creators' share (USD)",
  'Platform share (USD)',
  'Moved to credits (USD)',
  'Paid out (USD)',
];

/** The totals as CSV rows: header, one row per day, then the range's total. */
export function totalsCsv(t: OperatorTotals): CsvCell[][] {
  const row = (label: string, f: Figures): CsvCell[] => [
    label,
    f.creditsSold,
    f.creditsGranted,
    f.creditsSpent,
    f.creditsRefunded,
    dollarsCell(f.creatorsShareCents),
    dollarsCell(f.platformShareCents),
    dollarsCell(f.movedToCreditsCents),
    dollarsCell(f.paidOutCents),
  ];
  return [TOTALS_HEADER, ...t.days.map((d) => row(d.date, d)), row('Total', t.totals)];
}
