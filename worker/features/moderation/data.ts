// Reports and the moderation queue (docs/decisions/0025, docs/product.md#reviews). A report
// names a review or an agent; staff and admins see the open ones grouped by item and decide: Hide,
// Restore or Dismiss. Every decision closes the item's open reports and is recorded with who and
// when; hiding or restoring a review changes its agent's average and count in the same batch.
import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import type { ModerationAction, ModerationItem, ReportItemType, ReportReason } from '#common/types.ts';
import { refreshAggregates } from '#worker/features/ratings/index.ts';

/** Reports one person may file per hour. */
export const REPORTS_PER_HOUR = 10;
/** Queue items per page by default and at most. */
export const QUEUE_PAGE = 20;
export const QUEUE_PAGE_MAX = 100;

const NOW_SQL = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** The item a report or a decision is about, as far as the rules need it; null when it does not exist. */
export async function reportTarget(d1: D1Database, itemType: ReportItemType, itemId: number) {
  const sql =
    itemType === 'review'
      ? `SELECT r.id, r.user_id AS author_id, r.agent_id, r.hidden_at, a.hidden_at AS agent_hidden_at FROM ratings r JOIN agents a ON a.id = r.agent_id WHERE r.id = ?`
      : `SELECT id, creator_id AS author_id, id AS agent_id, hidden_at, hidden_at AS agent_hidden_at FROM agents WHERE id = ?`;
  return d1.prepare(sql).bind(itemId).first<{
    id: number;
    author_id: number | null;
    agent_id: number;
    hidden_at: string | null;
    agent_hidden_at: string | null;
  }>();
}

/** Files a report; 'duplicate' when the person already has an open one on the item. */
export async function fileReport(
  d1: D1Database,
  r: { itemType: ReportItemType; itemId: number; userId: number; reason: ReportReason; details: string | null },
): Promise<{ id: number } | 'duplicate'> {
  const row = await d1
    .prepare(
      `INSERT INTO reports (item_type, item_id, user_id, reason, details) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (item_type, item_id, user_id) WHERE status = 'open' DO NOTHING RETURNING id`,
    )
    .bind(r.itemType, r.itemId, r.userId, r.reason, r.details)
    .first<{ id: number }>();
  return row ?? 'duplicate';
}

/**
 * The items of one agent's page (the agent and its reviews) that `userId` has an open report on, so
 * their Report buttons say 'Reported' (one open report per person and item: a second is refused).
 */
export async function openReportsOnAgent(
  d1: D1Database,
  userId: number,
  agentId: number,
): Promise<{ itemType: ReportItemType; itemId: number }[]> {
  const { results } = await d1
    .prepare(
      `SELECT item_type AS itemType, item_id AS itemId FROM reports
       WHERE user_id = ? AND status = 'open'
         AND ((item_type = 'agent' AND item_id = ?)
           OR (item_type = 'review' AND item_id IN (SELECT id FROM ratings WHERE agent_id = ?)))
       ORDER BY item_type, item_id`,
    )
    .bind(userId, agentId, agentId)
    .all<{ itemType: ReportItemType; itemId: number }>();
  return results;
}

/**
 * Applies a moderator's decision in one batch: the item's visibility (hide, restore), its open
 * reports closed, the decision recorded, and a review's agent's aggregates refreshed.
 */
export async function moderate(
  d1: D1Database,
  target: { itemType: ReportItemType; itemId: number; agentId: number },
  action: ModerationAction,
  moderatorId: number,
): Promise<void> {
  const table = target.itemType === 'review' ? 'ratings' : 'agents';
  const statements: D1PreparedStatement[] = [];
  if (action === 'hide')
    statements.push(
      d1.prepare(`UPDATE ${table} SET hidden_at = ${NOW_SQL} WHERE id = ? AND hidden_at IS NULL`).bind(target.itemId),
    );
  if (action === 'restore')
    statements.push(d1.prepare(`UPDATE ${table} SET hidden_at = NULL WHERE id = ?`).bind(target.itemId));
  statements.push(
    d1
      .prepare(
        `UPDATE reports SET status = 'closed', closed_at = ${NOW_SQL} WHERE item_type = ? AND item_id = ? AND status = 'open'`,
      )
      .bind(target.itemType, target.itemId),
    d1
      .prepare('INSERT INTO moderation_actions (item_type, item_id, action, moderator_id) VALUES (?, ?, ?, ?)')
      .bind(target.itemType, target.itemId, action, moderatorId),
  );
  if (target.itemType === 'review') statements.push(refreshAggregates(d1, target.agentId));
  await d1.batch(statements);
}

export type QueueView = 'open' | 'hidden';

/** A reported review or agent as the queue shows it: both queries name their columns alike. */
interface ItemRow {
  id: number;
  agent_id: number;
  agent_name: string;
  /** A review's author; for an agent its creator. */
  author_id: number | null;
  username: string | null;
  /** A review's comment; for an agent its description. */
  text: string | null;
  rating: number | null;
  hidden_at: string | null;
}

interface QueueKey {
  item_type: ReportItemType;
  item_id: number;
}

/**
 * One page of the queue. 'open': items with open reports, most reported first. 'hidden': items
 * hidden now, most recently hidden first (where Restore lives).
 */
export async function moderationQueue(
  d1: D1Database,
  view: QueueView,
  limit: number,
  offset: number,
): Promise<{ items: ModerationItem[]; total: number }> {
  const keysSql =
    view === 'open'
      ? `SELECT item_type, item_id, count(*) AS n, max(created_at) AS at FROM reports WHERE status = 'open' GROUP BY item_type, item_id`
      : `SELECT 'review' AS item_type, id AS item_id, 0 AS n, hidden_at AS at FROM ratings WHERE hidden_at IS NOT NULL
         UNION ALL SELECT 'agent', id, 0, hidden_at FROM agents WHERE hidden_at IS NOT NULL`;
  const order = view === 'open' ? 'n DESC, at DESC' : 'at DESC';
  const [page, total] = await d1.batch([
    d1
      .prepare(`SELECT item_type, item_id FROM (${keysSql}) ORDER BY ${order}, item_type, item_id LIMIT ? OFFSET ?`)
      .bind(limit, offset),
    d1.prepare(`SELECT count(*) AS n FROM (${keysSql})`),
  ]);
  const keys = (page?.results ?? []) as QueueKey[];
  const totalCount = (total?.results?.[0] as { n: number } | undefined)?.n ?? 0;
  if (keys.length === 0) return { items: [], total: totalCount };

  // The items themselves, their reports and their last decisions, for the page's keys only.
  const match = keys.map(() => '(item_type = ? AND item_id = ?)').join(' OR ');
  const matchBinds = keys.flatMap((k) => [k.item_type, k.item_id]);
  const reviewIds = keys.filter((k) => k.item_type === 'review').map((k) => k.item_id);
  const agentIds = keys.filter((k) => k.item_type === 'agent').map((k) => k.item_id);
  const list = (ids: number[]) => (ids.length ? ids.map(() => '?').join(', ') : 'NULL');
  const reportStatus = view === 'open' ? "status = 'open'" : '1';
  const [reviewRows, agentRows, reportRows, actionRows] = await d1.batch([
    d1
      .prepare(
        `SELECT r.id, r.agent_id, a.name AS agent_name, r.user_id AS author_id, u.username, r.comment AS text, r.rating, r.hidden_at
         FROM ratings r JOIN agents a ON a.id = r.agent_id LEFT JOIN users u ON u.id = r.user_id WHERE r.id IN (${list(reviewIds)})`,
      )
      .bind(...reviewIds),
    d1
      .prepare(
        `SELECT a.id, a.id AS agent_id, a.name AS agent_name, a.creator_id AS author_id, u.username, a.description AS text, NULL AS rating, a.hidden_at
         FROM agents a LEFT JOIN users u ON u.id = a.creator_id WHERE a.id IN (${list(agentIds)})`,
      )
      .bind(...agentIds),
    d1
      .prepare(
        `SELECT p.item_type, p.item_id, p.reason, p.details, p.created_at, u.username FROM reports p LEFT JOIN users u ON u.id = p.user_id
         WHERE ${reportStatus} AND (${match}) ORDER BY p.created_at DESC, p.id DESC`,
      )
      .bind(...matchBinds),
    d1
      .prepare(
        `SELECT m.item_type, m.item_id, m.action, m.created_at, u.username FROM moderation_actions m LEFT JOIN users u ON u.id = m.moderator_id
         WHERE ${match} ORDER BY m.id DESC`,
      )
      .bind(...matchBinds),
  ]);
  const keyOf = (type: string, id: number) => `${type}:${id}`;
  const byId = (rows: D1Result | undefined) => new Map(((rows?.results ?? []) as ItemRow[]).map((r) => [r.id, r]));
  const rows = { review: byId(reviewRows), agent: byId(agentRows) };
  const reports = new Map<string, ModerationItem['reports']>();
  for (const r of (reportRows?.results ?? []) as {
    item_type: string;
    item_id: number;
    reason: ReportReason;
    details: string | null;
    created_at: string;
    username: string | null;
  }[]) {
    const k = keyOf(r.item_type, r.item_id);
    reports.set(k, [
      ...(reports.get(k) ?? []),
      { reason: r.reason, details: r.details, createdAt: r.created_at, reporter: r.username },
    ]);
  }
  const lastAction = new Map<string, ModerationItem['lastAction']>();
  for (const a of (actionRows?.results ?? []) as {
    item_type: string;
    item_id: number;
    action: ModerationAction;
    created_at: string;
    username: string | null;
  }[]) {
    const k = keyOf(a.item_type, a.item_id);
    if (!lastAction.has(k)) lastAction.set(k, { action: a.action, by: a.username, at: a.created_at });
  }

  const items: ModerationItem[] = [];
  for (const key of keys) {
    const k = keyOf(key.item_type, key.item_id);
    const itemReports = reports.get(k) ?? [];
    const reasons: ModerationItem['reasons'] = {};
    for (const r of itemReports) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
    const row = rows[key.item_type].get(key.item_id);
    // Reports outlive what they name: a deleted review or agent drops out of the queue.
    if (!row) continue;
    items.push({
      itemType: key.item_type,
      itemId: key.item_id,
      openReports: view === 'open' ? itemReports.length : 0,
      reasons,
      reports: itemReports,
      lastReportAt: itemReports[0]?.createdAt ?? null,
      lastAction: lastAction.get(k) ?? null,
      agentId: row.agent_id,
      agentName: row.agent_name,
      author: { id: row.author_id, username: row.username },
      text: row.text,
      rating: row.rating,
      hidden: row.hidden_at !== null,
    });
  }
  return { items, total: totalCount };
}
