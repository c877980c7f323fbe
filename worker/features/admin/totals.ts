// The operators' totals per UTC day (docs/decisions/0029): what came in (credits sold and
// granted), what was spent, how the spending split between creators and the platform, and what left
// the earnings balance. The hourly job adds the ledgers' rows to one row per day as they are written
// (rollUpOperatorDays, docs/decisions/0056); a request reads those days and the rows written since,
// all in one batch, so each row is counted once whichever side of the mark it is on.
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

/** A figure: its column in operator_days and its sum over a ledger's rows. */
type Figure = [column: string, name: keyof Figures, sum: string];

/** A ledger, the mark of its rows counted in operator_days, and the figures its rows make. */
interface Source {
  table: string;
  mark: string;
  figures: Figure[];
}

const SOURCES: [Source, Source] = [
  {
    table: 'credit_ledger',
    mark: 'ledger_through',
    // 'earnings' rows (moved from earnings into credits) are counted from the earnings side.
    figures: [
      ['credits_sold', 'creditsSold', "sum(CASE WHEN kind = 'purchase' THEN amount ELSE 0 END)"],
      ['credits_granted', 'creditsGranted', "sum(CASE WHEN kind IN ('signup', 'admin_topup') THEN amount ELSE 0 END)"],
      ['credits_spent', 'creditsSpent', "-sum(CASE WHEN kind IN ('try', 'refund') THEN amount ELSE 0 END)"],
      ['credits_refunded', 'creditsRefunded', "sum(CASE WHEN kind = 'refund' THEN amount ELSE 0 END)"],
    ],
  },
  {
    table: 'creator_earnings',
    mark: 'earnings_through',
    // Every kind counts somewhere: payouts (less their returns, when one fails) as paid out.
    figures: [
      [
        'creators_share_cents',
        'creatorsShareCents',
        "sum(CASE WHEN kind IN ('earning', 'reversal') THEN amount_cents ELSE 0 END)",
      ],
      ['platform_share_cents', 'platformShareCents', 'sum(platform_cents)'],
      [
        'moved_to_credits_cents',
        'movedToCreditsCents',
        "-sum(CASE WHEN kind = 'to_credits' THEN amount_cents ELSE 0 END)",
      ],
      [
        'paid_out_cents',
        'paidOutCents',
        "-sum(CASE WHEN kind IN ('payout', 'payout_returned') THEN amount_cents ELSE 0 END)",
      ],
    ],
  },
];
const [LEDGER, EARNINGS] = SOURCES;

const markOf = (source: Source) => `(SELECT ${source.mark} FROM operator_rollup WHERE id = 1)`;
/** A ledger's rows written since the job's mark, by day (?1 and ?2: the range's first instant and the one after it). */
const sinceMark = (source: Source) =>
  `SELECT substr(created_at, 1, 10) AS day, ${source.figures.map(([, name, sum]) => `${sum} AS ${name}`).join(', ')}
   FROM ${source.table} WHERE id > ${markOf(source)} AND created_at >= ?1 AND created_at < ?2 GROUP BY day`;

/** The totals' SQL; a worker test reads their plans. */
export const TOTALS_SQL = {
  /** The days rolled up (?1 and ?2: the first and last day, YYYY-MM-DD). */
  days: `SELECT day, ${SOURCES.flatMap((s) => s.figures.map(([column, name]) => `${column} AS ${name}`)).join(', ')}
         FROM operator_days WHERE day >= ?1 AND day <= ?2`,
  ledger: sinceMark(LEDGER),
  earnings: sinceMark(EARNINGS),
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
  // One batch, so one snapshot: a row is in the days or after the mark, never both.
  const answers = await d1.batch([
    d1.prepare(TOTALS_SQL.days).bind(from, to),
    d1.prepare(TOTALS_SQL.ledger).bind(start, end),
    d1.prepare(TOTALS_SQL.earnings).bind(start, end),
  ]);
  const byDay = new Map<string, Figures>();
  for (const answer of answers) {
    for (const row of answer.results as (Partial<Figures> & { day: string })[]) {
      const { day, ...figures } = row;
      const sums = byDay.get(day) ?? zero();
      for (const [name, value] of Object.entries(figures)) sums[name as keyof Figures] += Number(value ?? 0);
      byDay.set(day, sums);
    }
  }
  const days = dates.map((date) => ({ date, ...(byDay.get(date) ?? zero()) }));
  const totals = zero();
  for (const day of days) for (const key of Object.keys(totals) as (keyof Figures)[]) totals[key] += day[key];
  return { from, to, days, totals };
}

/** Ledger rows a statement of the roll-up adds, and the windows a run may take of each ledger. */
export const OPERATOR_DAYS_WINDOW = 30_000;
export const OPERATOR_DAYS_ROUNDS = 15;

/**
 * The hourly job's part (worker/index.ts): adds each ledger's rows written since its mark to their
 * days, a window at a time, and moves the mark in the same batch. The ledgers are written at the rate
 * of tries (360,000 rows an hour each at 100 a second, docs/capacity.md), so a statement reads about
 * three windows at most (the rows, and the window's end found for both ends of the range), and a run
 * takes at most `rounds` windows of each (the rest waits an hour: the page counts it meanwhile). A
 * run started while another runs adds nothing twice: each window is added only while the mark is
 * where the run found it, and the run that finds it moved stops. Answers the marks this run left.
 */
export async function rollUpOperatorDays(
  d1: D1Database,
  limits = { window: OPERATOR_DAYS_WINDOW, rounds: OPERATOR_DAYS_ROUNDS },
): Promise<{ ledgerThrough: number; earningsThrough: number }> {
  const marks = [];
  for (const source of SOURCES) {
    const { table, mark, figures } = source;
    // The window's last id: the window-th row after the mark, else the table's last; never below the
    // mark (the table's last row may have been deleted since).
    const upper = `max(?1, coalesce((SELECT id FROM ${table} WHERE id > ?1 ORDER BY id LIMIT 1 OFFSET ${limits.window - 1}),
      (SELECT max(id) FROM ${table}), ?1))`;
    const columns = figures.map(([column]) => column);
    const add = d1.prepare(
      `INSERT INTO operator_days (day, ${columns.join(', ')})
       SELECT substr(created_at, 1, 10), ${figures.map(([, , sum]) => sum).join(', ')} FROM ${table}
       WHERE id > ?1 AND id <= ${upper} AND ${markOf(source)} = ?1 GROUP BY 1 HAVING 1
       ON CONFLICT (day) DO UPDATE SET ${columns.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`,
    );
    const move = d1.prepare(
      `UPDATE operator_rollup SET ${mark} = ${upper} WHERE id = 1 AND ${mark} = ?1
       RETURNING ${mark} AS through, (SELECT coalesce(max(id), 0) FROM ${table}) AS last`,
    );
    const read = () =>
      d1.prepare(`SELECT ${mark} AS through FROM operator_rollup WHERE id = 1`).first<number>('through');
    let through = (await read()) ?? 0;
    for (let round = 0; round < limits.rounds; round++) {
      const [, moved] = await d1.batch([add.bind(through), move.bind(through)]);
      const now = moved?.results[0] as { through: number; last: number } | undefined;
      // Another run moved the mark first: it walks on, this one stops.
      if (!now) break;
      through = now.through;
      if (through >= now.last) break;
    }
    marks.push(through);
  }
  return { ledgerThrough: marks[0]!, earningsThrough: marks[1]! };
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
