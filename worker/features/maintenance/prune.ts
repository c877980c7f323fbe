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
 * Keys are written at the rate of tries (360,000 an hour at 100 a second, docs/capacity.md), and
 * sessions at the rate of sign-ins, so both are pruned in windows of this many rows, oldest first.
 */
export const PRUNE_WINDOW = 5000;
/** Windows a run may take of the keys: two hours of them at that rate; the rest waits an hour. */
export const KEY_PRUNE_ROUNDS = 150;
/**
 * Of the sessions: twelve hours of sign-ins at the model's rate (about 8,000 an hour), fewer
 * rounds because a run's D1 queries (two a window) share the invocation's limit.
 */
export const SESSION_PRUNE_ROUNDS = 20;

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

/** How a walk is cut: a window's size and how many windows a run may take. */
interface WalkLimits {
  window: number;
  rounds: number;
}

/** A table whose rows expire in about the order they were written. */
interface Walk {
  table: string;
  /** The delete's condition within a window; `?3` is `expiredBefore`. */
  expired: string;
  expiredBefore: number;
  /** Set once, when the row is written, so it grows with the rowid. */
  stopColumn: string;
  /** The walk stops at a window whose last row's stopColumn is this or later. */
  liveFrom: number | string;
  limits: WalkLimits;
}

/**
 * A table whose rows expire in about the order they were written, walked in that order (the
 * rowid: a row is only ever updated in place, and a new one comes after every row there is), one
 * window at a time: each window deletes its expired rows, and the walk stops at the first window
 * whose newest row is still live by a column set once when it was written. The table is large and
 * written at the rate of tries or sign-ins, so each statement reads and deletes at most a window's
 * rows and the single-threaded database serves requests in between; one DELETE over the table
 * read all of it every hour.
 */
async function pruneInWrittenOrder(db: D1Database, walk: Walk, limits = walk.limits): Promise<number> {
  let after = 0;
  let deleted = 0;
  for (let round = 0; round < limits.rounds; round++) {
    const last = await db
      .prepare(
        `SELECT rowid AS id, "${walk.stopColumn}" AS at FROM "${walk.table}" WHERE rowid > ?1 ORDER BY rowid LIMIT 1 OFFSET ?2`,
      )
      .bind(after, limits.window - 1)
      .first<{ id: number; at: number | string }>();
    const { meta } = await db
      .prepare(`DELETE FROM "${walk.table}" WHERE rowid > ?1 AND rowid <= ?2 AND ${walk.expired}`)
      .bind(after, last?.id ?? Number.MAX_SAFE_INTEGER, walk.expiredBefore)
      .run();
    deleted += meta.changes;
    if (!last || last.at >= walk.liveFrom) break;
    after = last.id;
  }
  return deleted;
}

/**
 * The keys older than their week. A key is deleted by when it was last written (`updated_at`), but
 * the walk stops by when it was first written (`created_at`): a retry taking over an old key days
 * later makes it live inside an old window, and a window of such keys would stop every run there
 * while the expired keys behind it piled up.
 */
const keysWalk = (now: number): Walk => {
  const cutoff = now - IDEMPOTENCY_KEY_TTL_MS;
  return {
    table: 'idempotency_keys',
    expired: 'updated_at < ?3',
    expiredBefore: cutoff,
    stopColumn: 'created_at',
    // created_at is written as strftime('%Y-%m-%dT%H:%M:%fZ'), which orders as toISOString() does.
    liveFrom: new Date(cutoff).toISOString(),
    limits: { window: PRUNE_WINDOW, rounds: KEY_PRUNE_ROUNDS },
  };
};

/** Sessions end a fixed time after their sign-in (milliseconds) and are never extended. */
const sessionsWalk = (now: number): Walk => ({
  table: 'sessions',
  expired: 'expires_at < ?3',
  expiredBefore: now,
  stopColumn: 'expires_at',
  liveFrom: now,
  limits: { window: PRUNE_WINDOW, rounds: SESSION_PRUNE_ROUNDS },
});

/**
 * The keys and the sessions are walked in windows; every other table with an `expires_at` column
 * (oauth_states, the email and token tables, any a later migration adds) and the throttle lose
 * their expired rows in one batch. The credit ledger and proposals are never touched: their
 * idempotency keys are part of the record.
 */
export async function pruneExpired(
  db: D1Database,
  now = Date.now(),
  /** Tests cut the walks small; the cron keeps each walk's own. */
  limits?: WalkLimits,
): Promise<Record<string, number>> {
  const { results: columns } = await db
    .prepare(
      `SELECT m.name AS tbl, p.name AS col FROM sqlite_master m, pragma_table_info(m.name) p
       WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '\\_cf\\_%' ESCAPE '\\'`,
    )
    .all<{ tbl: string; col: string }>();
  const has = (t: string, c: string) => columns.some((r) => r.tbl === t && r.col === c);
  const walks = [
    ...(has('idempotency_keys', 'created_at') ? [keysWalk(now)] : []),
    ...(has('sessions', 'expires_at') ? [sessionsWalk(now)] : []),
  ];
  const rules: Rule[] = [
    ...columns
      .filter((r) => r.col === 'expires_at' && !walks.some((w) => w.table === r.tbl))
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
  for (const walk of walks) deleted[walk.table] = await pruneInWrittenOrder(db, walk, limits);
  return deleted;
}
