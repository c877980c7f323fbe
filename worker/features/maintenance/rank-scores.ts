// The hourly cron's refresh of the stored damped averages (migration 0028, docs/decisions/0050).
// Each agent's rank_score is its damped average under rating_prior.score_prior; the triggers keep it
// for an agent whose reviews change, and this job rewrites every agent's once the prior itself (the
// mean rating of the shown rated agents) has moved by REFRESH_DRIFT. A rewrite goes in id ranges,
// each its own statement with its progress, so a million agents never make one long write and a
// refresh cut short goes on where it stopped at the next run.
import type { D1Database } from '@cloudflare/workers-types';
import { dampedSql, PRIOR_SQL, SCORE_PRIOR_SQL } from '#worker/features/agents/index.ts';

/**
 * Half a hundredth of a star: a stale prior can only swap two agents whose damped averages differ by
 * less than the drift (each moves by at most the drift times its prior weight's share), and the
 * pages show averages to a tenth. At a million agents a rewrite costs about seven million rows written.
 */
export const REFRESH_DRIFT = 0.005;
/** Agents rewritten per statement: a few thousand rows and their seven index entries each. */
export const REFRESH_CHUNK = 5000;

export interface RankRefresh {
  /** Agents whose score was rewritten in this run. */
  rewritten: number;
  /** The prior the scores are under now. */
  prior: number;
  /** Whether a rewrite is still under way (cut short by `maxChunks`). */
  pending: boolean;
}

/**
 * Refreshes the stored scores if the prior has drifted or an earlier refresh was cut short, at most
 * `maxChunks` statements of `chunk` ids in this run.
 */
export async function refreshRankScores(
  d1: D1Database,
  { maxChunks = Infinity, chunk = REFRESH_CHUNK }: { maxChunks?: number; chunk?: number } = {},
): Promise<RankRefresh> {
  const state = await d1
    .prepare(
      `SELECT ${PRIOR_SQL} AS current, score_prior AS stored, scores_done_to AS doneTo,
              (SELECT coalesce(max(id), 0) FROM agents) AS lastId
       FROM rating_prior WHERE id = 1`,
    )
    .first<{ current: number; stored: number; doneTo: number | null; lastId: number }>();
  if (!state) return { rewritten: 0, prior: 0, pending: false };
  let { doneTo } = state;
  let prior = state.stored;
  if (doneTo === null) {
    if (Math.abs(state.current - state.stored) < REFRESH_DRIFT) return { rewritten: 0, prior, pending: false };
    // The new prior first: an agent reviewed during the rewrite takes it from the trigger.
    prior = state.current;
    doneTo = 0;
    await d1.prepare('UPDATE rating_prior SET score_prior = ?, scores_done_to = 0 WHERE id = 1').bind(prior).run();
  }
  let rewritten = 0;
  for (let chunks = 0; doneTo < state.lastId && chunks < maxChunks; chunks++) {
    const to = Math.min(doneTo + chunk, state.lastId);
    const [update] = await d1.batch([
      d1
        .prepare(`UPDATE agents SET rank_score = ${dampedSql('', SCORE_PRIOR_SQL)} WHERE id > ? AND id <= ?`)
        .bind(doneTo, to),
      d1.prepare('UPDATE rating_prior SET scores_done_to = ? WHERE id = 1').bind(to),
    ]);
    rewritten += update?.meta.changes ?? 0;
    doneTo = to;
  }
  const pending = doneTo < state.lastId;
  if (!pending) await d1.prepare('UPDATE rating_prior SET scores_done_to = NULL WHERE id = 1').run();
  return { rewritten, prior, pending };
}
