// The hourly cron job (wrangler.toml [triggers]): deletes what has expired. Rules whose table or
// column a database does not have are skipped, so the job runs on any migration level.
// Stays SQL: the tables and columns are found at run time (sqlite_master, pragma_table_info), which drizzle's typed schema cannot express.
import type { D1Database } from '@cloudflare/workers-types';

/** Throttle windows are minutes long; a day-old window counts for nothing any more. */
export const THROTTLE_ROW_TTL_MS = 24 * 60 * 60_000;
/**
 * An Idempotency-Key answers retries of one request: a page keeps a pending key for as long as its
 * tab lives, so a week is far past any retry. The charge itself stays in the ledger.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 7 * 24 * 60 * 60_000;

interface Rule {
  table: string;
  column: string;
  /** SQL condition on the column; ?1 = now in ms. */
  where: string;
}

/**
 * Expiry columns hold epoch milliseconds in this schema, but a table may use seconds or ISO text; each
 * form is compared as itself, so a live row is never taken for an expired one.
 */
const EXPIRED = (col: string) =>
  `CASE WHEN typeof(${col}) = 'text' THEN julianday(${col}) < julianday(?1 / 1000.0, 'unixepoch')
        WHEN ${col} > 100000000000 THEN ${col} < ?1
        ELSE ${col} < ?1 / 1000 END`;

/** Explicit rules for tables whose rows end without an expires_at column. */
const RULES: Rule[] = [
  { table: 'auth_throttle', column: 'window_start', where: `window_start < ?1 - ${THROTTLE_ROW_TTL_MS}` },
  { table: 'idempotency_keys', column: 'updated_at', where: `updated_at < ?1 - ${IDEMPOTENCY_KEY_TTL_MS}` },
];

/**
 * Every table with an `expires_at` column (sessions, oauth_states, and the token and idempotency
 * tables later migrations add) loses its expired rows. The credit ledger and proposals are never
 * touched: their idempotency keys are part of the record.
 */
export async function pruneExpired(db: D1Database, now = Date.now()): Promise<Record<string, number>> {
  const { results: columns } = await db
    .prepare(
      `SELECT m.name AS tbl, p.name AS col FROM sqlite_master m, pragma_table_info(m.name) p
       WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '\\_cf\\_%' ESCAPE '\\'`,
    )
    .all<{ tbl: string; col: string }>();
  const has = (t: string, c: string) => columns.some((r) => r.tbl === t && r.col === c);
  const rules: Rule[] = [
    ...columns
      .filter((r) => r.col === 'expires_at')
      .map((r) => ({ table: r.tbl, column: r.col, where: EXPIRED(`"${r.col}"`) })),
    ...RULES.filter((r) => has(r.table, r.column)),
  ];
  if (rules.length === 0) return {};
  // One batch: all-or-nothing, one round trip.
  const out = await db.batch(rules.map((r) => db.prepare(`DELETE FROM "${r.table}" WHERE ${r.where}`).bind(now)));
  const deleted: Record<string, number> = {};
  rules.forEach((r, i) => {
    deleted[r.table] = (deleted[r.table] ?? 0) + (out[i]?.meta.changes ?? 0);
  });
  return deleted;
}
