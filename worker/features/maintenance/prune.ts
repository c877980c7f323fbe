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
/**
 * Keys are written at the rate of tries (360,000 an hour at 100 a second, docs/capacity.md), so they
 * are pruned in windows of this many, oldest first: each statement reads and deletes a bounded number
 * of rows, and the single-threaded database serves the tries in between.
 */
export const KEY_PRUNE_WINDOW = 5000;
/** Windows a run may take: two hours of keys at that rate; what is left waits for the next run. */
export const KEY_PRUNE_ROUNDS = 150;

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
];

/** How the keys' walk is cut: a window's size and how many windows a run may take. */
export interface KeyPruneLimits {
  window: number;
  rounds: number;
}

/**
 * The keys older than their week, walked in the order they were written (their rowid: a key's row
 * is never moved, and a new one always comes after every row there is), one window at a time. Each
 * window deletes its keys last written before the cutoff; the walk stops at the first window whose
 * newest key was first written after it (`created_at`, set once, so it grows with the rowid). Not
 * `updated_at`: a retry taking over an old key days later makes it live inside an old window, and
 * a window of such keys would stop every run there while the expired keys behind it piled up.
 */
async function pruneIdempotencyKeys(db: D1Database, now: number, limits: KeyPruneLimits): Promise<number> {
  const cutoff = now - IDEMPOTENCY_KEY_TTL_MS;
  // created_at is written as strftime('%Y-%m-%dT%H:%M:%fZ'), which orders as toISOString() does.
  const cutoffText = new Date(cutoff).toISOString();
  let after = 0;
  let deleted = 0;
  for (let round = 0; round < limits.rounds; round++) {
    const last = await db
      .prepare(
        'SELECT rowid AS id, created_at AS at FROM idempotency_keys WHERE rowid > ?1 ORDER BY rowid LIMIT 1 OFFSET ?2',
      )
      .bind(after, limits.window - 1)
      .first<{ id: number; at: string }>();
    const { meta } = await db
      .prepare(`DELETE FROM idempotency_keys WHERE rowid > ?1 AND rowid <= ?2 AND updated_at < ?3`)
      .bind(after, last?.id ?? Number.MAX_SAFE_INTEGER, cutoff)
      .run();
    deleted += meta.changes;
    if (!last || last.at >= cutoffText) break;
    after = last.id;
  }
  return deleted;
}

/**
 * Every table with an `expires_at` column (sessions, oauth_states, and the token and idempotency
 * tables later migrations add) loses its expired rows. The credit ledger and proposals are never
 * touched: their idempotency keys are part of the record.
 */
export async function pruneExpired(
  db: D1Database,
  now = Date.now(),
  keyLimits: KeyPruneLimits = { window: KEY_PRUNE_WINDOW, rounds: KEY_PRUNE_ROUNDS },
): Promise<Record<string, number>> {
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
  const deleted: Record<string, number> = {};
  if (rules.length > 0) {
    // One batch: all-or-nothing, one round trip.
    const out = await db.batch(rules.map((r) => db.prepare(`DELETE FROM "${r.table}" WHERE ${r.where}`).bind(now)));
    rules.forEach((r, i) => {
      deleted[r.table] = (deleted[r.table] ?? 0) + (out[i]?.meta.changes ?? 0);
    });
  }
  if (has('idempotency_keys', 'updated_at')) deleted.idempotency_keys = await pruneIdempotencyKeys(db, now, keyLimits);
  return deleted;
}
