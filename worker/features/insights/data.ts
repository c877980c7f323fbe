// An agent's insights for its creator (docs/decisions/0029): one row per day of the
// creator's own calendar. Every query reads one index range (the agent's rows since the window's
// start): agent_activity (tries, credits and earnings per quarter hour, kept by triggers, migration
// 0021), agent_people (each person's latest try, migration 0022), agent_views and
// ratings_agent_created. They go to D1 in one batch, one round trip.
import type { D1Database } from '@cloudflare/workers-types';
import type { AgentInsights, InsightsDay, InsightsReview } from '#common/types.ts';

export const INSIGHTS_DAYS_DEFAULT = 30;
export const INSIGHTS_DAYS_MAX = 90;
/** Time zones run from UTC−12 to UTC+14. */
export const UTC_OFFSET_MAX_MINUTES = 14 * 60;
const REVIEWS_SHOWN = 5;
const DAY_MS = 86_400_000;

/** The window in the creator's calendar: its local days and where the first one starts in UTC. */
export function insightsWindow(days: number, utcOffsetMinutes: number, nowMs = Date.now()) {
  const localToday = Math.floor((nowMs + utcOffsetMinutes * 60_000) / DAY_MS) * DAY_MS;
  const localStart = localToday - (days - 1) * DAY_MS;
  const dates = Array.from({ length: days }, (_, i) => new Date(localStart + i * DAY_MS).toISOString().slice(0, 10));
  const startUtc = new Date(localStart - utcOffsetMinutes * 60_000).toISOString();
  // SQLite's date() modifier moving a UTC timestamp into the creator's day.
  const modifier = `${utcOffsetMinutes >= 0 ? '+' : ''}${utcOffsetMinutes} minutes`;
  // Every offset is a whole number of quarter hours, so the window starts on a quarter's start.
  return { dates, startUtc, startHour: `${startUtc.slice(0, 13)}:00`, startQuarter: startUtc.slice(0, 16), modifier };
}

type Window = ReturnType<typeof insightsWindow>;

/** The statements of one agent's insights, in batch order (the bench runs the same ones). */
export function insightsStatements(d1: D1Database, agentId: number, w: Window) {
  // Reviews hidden by moderators count nowhere, here neither (docs/decisions/0025).
  return [
    // Tries, credits (refunds netted off the day they happened) and earnings (reversals netted).
    d1
      .prepare(
        `SELECT date(quarter, ?1) AS day, sum(tries) AS tries, sum(credits_spent) AS spent, sum(earnings_cents) AS cents
         FROM agent_activity WHERE agent_id = ?2 AND quarter >= ?3 GROUP BY day`,
      )
      .bind(w.modifier, agentId, w.startQuarter),
    // Whoever tried in the window has their latest try in it (agent_people, migration 0022).
    d1
      .prepare(`SELECT count(*) AS people FROM agent_people WHERE agent_id = ?1 AND last_tried_at >= ?2`)
      .bind(agentId, w.startUtc),
    d1
      .prepare(
        `SELECT date(hour, ?1) AS day, sum(views) AS views FROM agent_views WHERE agent_id = ?2 AND hour >= ?3 GROUP BY day`,
      )
      .bind(w.modifier, agentId, w.startHour),
    d1
      .prepare(
        `SELECT date(created_at, ?1) AS day, sum(rating) AS total, count(*) AS n FROM ratings WHERE agent_id = ?2 AND hidden_at IS NULL AND created_at >= ?3 GROUP BY day`,
      )
      .bind(w.modifier, agentId, w.startUtc),
    d1
      .prepare(
        `SELECT coalesce(sum(rating), 0) AS total, count(*) AS n FROM ratings WHERE agent_id = ?1 AND hidden_at IS NULL AND created_at < ?2`,
      )
      .bind(agentId, w.startUtc),
    d1
      .prepare(
        `SELECT r.id, r.rating, r.comment, r.created_at AS createdAt, u.username FROM ratings r LEFT JOIN users u ON u.id = r.user_id
         WHERE r.agent_id = ?1 AND r.hidden_at IS NULL ORDER BY r.created_at DESC LIMIT ${REVIEWS_SHOWN}`,
      )
      .bind(agentId),
  ];
}

const byDay = <T extends { day: string }>(rows: T[]) => new Map(rows.map((r) => [r.day, r]));

export async function getInsights(
  d1: D1Database,
  agent: { id: number; name: string },
  days: number,
  utcOffsetMinutes: number,
): Promise<AgentInsights> {
  const w = insightsWindow(days, utcOffsetMinutes);
  const [activity, people, views, ratings, before, reviews] = await d1.batch(insightsStatements(d1, agent.id, w));
  const activityByDay = byDay(activity!.results as { day: string; tries: number; spent: number; cents: number }[]);
  const viewsByDay = byDay(views!.results as { day: string; views: number }[]);
  const ratingsByDay = byDay(ratings!.results as { day: string; total: number; n: number }[]);
  const prior = before!.results[0] as { total: number; n: number };
  let ratingTotal = prior.total;
  let ratingCount = prior.n;
  const rows: InsightsDay[] = w.dates.map((date) => {
    const a = activityByDay.get(date);
    const r = ratingsByDay.get(date);
    if (r) {
      ratingTotal += r.total;
      ratingCount += r.n;
    }
    return {
      date,
      tries: a?.tries ?? 0,
      creditsSpent: a?.spent ?? 0,
      earningsCents: a?.cents ?? 0,
      views: viewsByDay.get(date)?.views ?? 0,
      rating: ratingCount ? Math.round((ratingTotal / ratingCount) * 100) / 100 : null,
    };
  });
  const sum = (key: 'tries' | 'creditsSpent' | 'earningsCents' | 'views') => rows.reduce((n, row) => n + row[key], 0);
  return {
    agent,
    days: rows,
    totals: {
      tries: sum('tries'),
      people: (people!.results[0] as { people: number }).people,
      creditsSpent: sum('creditsSpent'),
      earningsCents: sum('earningsCents'),
      views: sum('views'),
    },
    reviews: reviews!.results as unknown as InsightsReview[],
  };
}

/** Views of one agent in one UTC hour by one viewer (null: anyone not signed in), from a queue batch. */
export interface ViewCount {
  agentId: number;
  hour: string;
  viewerId: number | null;
  views: number;
}

/** D1 refuses a statement with more bound parameters than this; each count takes four. */
const D1_MAX_PARAMS = 100;
const COUNTS_PER_STATEMENT = Math.floor(D1_MAX_PARAMS / 4);

/**
 * The statements adding `counts` to agent_views (docs/decisions/0047), for one `batch`: one per 25
 * counts, each one upsert of all its (agent, hour) rows. Nothing about a viewer is kept: their number
 * only leaves out a creator's own views. A hidden agent's views are not counted either (only its
 * creator and moderators see it); every other reader's are, signed in or not.
 */
export function countViewsStatements(d1: D1Database, counts: ViewCount[]) {
  const statements = [];
  for (let i = 0; i < counts.length; i += COUNTS_PER_STATEMENT) {
    const chunk = counts.slice(i, i + COUNTS_PER_STATEMENT);
    statements.push(
      d1
        .prepare(
          `WITH seen (agent_id, hour, viewer_id, n) AS (VALUES ${chunk.map(() => '(?, ?, ?, ?)').join(', ')})
           INSERT INTO agent_views (agent_id, hour, views)
           SELECT seen.agent_id, seen.hour, sum(seen.n) FROM seen JOIN agents a ON a.id = seen.agent_id
           WHERE a.hidden_at IS NULL AND (seen.viewer_id IS NULL OR a.creator_id IS NOT seen.viewer_id)
           GROUP BY seen.agent_id, seen.hour
           ON CONFLICT (agent_id, hour) DO UPDATE SET views = views + excluded.views`,
        )
        .bind(...chunk.flatMap((count) => [count.agentId, count.hour, count.viewerId, count.views])),
    );
  }
  return statements;
}
