// A creator's monthly statement (docs/decisions/0029): every row of their earnings ledger in
// one UTC month with the running balance of their earnings (pending and available together). Each
// query is one range of creator_earnings_creator_created (migration 0020); always the caller's own.
import type { D1Database } from '@cloudflare/workers-types';
import { earningsKindLabel } from '#common/earnings.ts';
import type { StatementMonth } from '#common/types.ts';
import { dollarsCell, type CsvCell } from '#worker/lib/csv.ts';

export interface StatementRow {
  id: number;
  createdAt: string;
  kind: string;
  /** The agent as it is now, or as it was named when tried (deleted agents); null for moves and payouts. */
  agentName: string | null;
  amountCents: number;
  /** The earnings balance after this row, rows of earlier months included. */
  balanceCents: number;
}

/** The statements' SQL, each one range of creator_earnings_creator_created (a worker test reads their plans). */
export const STATEMENT_SQL = {
  /** ?1 creator. */
  months:
    'SELECT substr(created_at, 1, 7) AS month, count(*) AS entries FROM creator_earnings WHERE creator_id = ?1 GROUP BY month ORDER BY month DESC',
  /** ?1 creator, ?2 the month's start. */
  opening:
    'SELECT coalesce(sum(amount_cents), 0) AS cents FROM creator_earnings WHERE creator_id = ?1 AND created_at < ?2',
  /**
   * ?1 creator, ?2 and ?3 the month's start and the next one's. The agent's current name, else the
   * name the try's ledger row kept (the agent may be deleted since).
   */
  rows: `SELECT e.id, e.created_at AS createdAt, e.kind, coalesce(a.name, l.agent_name) AS agentName, e.amount_cents AS amountCents,
                sum(e.amount_cents) OVER (ORDER BY e.created_at, e.id) AS runningCents
         FROM creator_earnings e
         LEFT JOIN agents a ON a.id = e.agent_id
         LEFT JOIN credit_ledger l ON l.idempotency_key = e.try_key
         WHERE e.creator_id = ?1 AND e.created_at >= ?2 AND e.created_at < ?3
         ORDER BY e.created_at, e.id`,
};

/** The months with rows, newest first. */
export async function statementMonths(d1: D1Database, creatorId: number): Promise<StatementMonth[]> {
  const { results } = await d1.prepare(STATEMENT_SQL.months).bind(creatorId).all<StatementMonth>();
  return results;
}

/** The month's first instant and the next month's, in the ledger's timestamp form. */
export function monthRange(month: string): { start: string; end: string } {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(year, mm, 1)).toISOString();
  return { start: `${month}-01T00:00:00.000Z`, end };
}

/** The statement's rows in ledger order; the balance before the month and the month's rows in one batch. */
export async function statementRows(d1: D1Database, creatorId: number, month: string): Promise<StatementRow[]> {
  const { start, end } = monthRange(month);
  const [opening, rows] = await d1.batch([
    d1.prepare(STATEMENT_SQL.opening).bind(creatorId, start),
    d1.prepare(STATEMENT_SQL.rows).bind(creatorId, start, end),
  ]);
  const before = (opening!.results[0] as { cents: number }).cents;
  return (rows!.results as (Omit<StatementRow, 'balanceCents'> & { runningCents: number })[]).map(
    ({ runningCents, ...row }) => ({
      ...row,
      balanceCents: before + runningCents,
    }),
  );
}

export const STATEMENT_HEADER = ['Date (UTC)', 'Kind', 'Agent', 'Amount (USD)', 'Balance (USD)'];

/** The statement as CSV rows, header first. */
export function statementCsv(rows: StatementRow[]): CsvCell[][] {
  return [
    STATEMENT_HEADER,
    ...rows.map((r) => [
      `${r.createdAt.slice(0, 10)} ${r.createdAt.slice(11, 19)}`,
      earningsKindLabel(r.kind),
      r.agentName,
      dollarsCell(r.amountCents),
      dollarsCell(r.balanceCents),
    ]),
  ];
}
