// The creator's console (docs/decisions/0043): every agent of theirs with its use and earnings in the
// last 30 days, summed live from agent_activity (the counters insights read) in one grouped query
// over their agents, sent to D1 in the same batch as the agents themselves.
// Stays SQL: in a batch, drizzle reads D1's rows keyed by column name and maps them by position, so
// agentQuery's same-named columns (agents', categories' and departments' `name`) collapse and the
// fields after them come back shifted.
import type { D1Database } from '@cloudflare/workers-types';
import type { ConsoleAgent, MyAgentsConsole } from '#common/api-schemas.ts';
import { AGENT_SELECT, toAgent, type AgentRowRaw } from '#worker/features/agents/index.ts';
import { recentUsageSince } from '#worker/lib/recent-usage.ts';

export async function myAgentsConsole(d1: D1Database, userId: number, nowMs = Date.now()): Promise<MyAgentsConsole> {
  const [rows, activity] = await d1.batch([
    // Hidden ones too: the creator sees them, marked (docs/decisions/0025).
    d1.prepare(`${AGENT_SELECT} WHERE a.creator_id = ?1 ORDER BY a.created_at DESC, a.id DESC`).bind(userId),
    // One index range per agent (agent_activity_agent_quarter).
    d1
      .prepare(
        `SELECT agent_id AS agentId, sum(tries) AS tries, sum(earnings_cents) AS cents FROM agent_activity
         WHERE agent_id IN (SELECT id FROM agents WHERE creator_id = ?1) AND quarter >= ?2 GROUP BY agent_id`,
      )
      .bind(userId, recentUsageSince(nowMs)),
  ]);
  const byAgent = new Map(
    (activity!.results as { agentId: number; tries: number; cents: number }[]).map((a) => [a.agentId, a]),
  );
  const list: ConsoleAgent[] = (rows!.results as AgentRowRaw[]).map((row) => ({
    ...toAgent(row),
    triesLast30Days: byAgent.get(row.id)?.tries ?? 0,
    earningsLast30DaysCents: byAgent.get(row.id)?.cents ?? 0,
  }));
  const sum = (value: (agent: ConsoleAgent) => number) => list.reduce((n, agent) => n + value(agent), 0);
  const hidden = list.filter((agent) => agent.hiddenByModerators).length;
  return {
    totals: {
      agents: list.length,
      listed: list.length - hidden,
      hidden,
      triesLast30Days: sum((a) => a.triesLast30Days),
      earningsLast30DaysCents: sum((a) => a.earningsLast30DaysCents),
      reviews: sum((a) => a.voteCount),
    },
    agents: list,
  };
}
