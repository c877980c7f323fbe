import type { D1Database } from '@cloudflare/workers-types';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { SavedAgentEntry } from '#common/types.ts';
import { orm } from '#worker/db/client.ts';
import { agents, savedAgents } from '#worker/db/schema.ts';
import { agentQuery, toAgent } from '#worker/features/agents/index.ts';

/** Most agents one person keeps saved: a bound on what one GET answers and one device keeps. */
export const MAX_SAVED_AGENTS = 500;

/** The person's saved agents with their current data, newest save first. */
export async function listSaved(d1: D1Database, userId: number): Promise<SavedAgentEntry[]> {
  const rows = await agentQuery(d1)
    .innerJoin(savedAgents, and(eq(savedAgents.agentId, agents.id), eq(savedAgents.userId, userId)))
    // Agents hidden by moderators leave every list (docs/decisions/0025); the save itself stays, for a restore.
    .where(isNull(agents.hiddenAt))
    .orderBy(desc(savedAgents.savedAt), desc(savedAgents.id))
    .limit(MAX_SAVED_AGENTS);
  const times = new Map(
    (
      await orm(d1)
        .select({ agentId: savedAgents.agentId, savedAt: savedAgents.savedAt })
        .from(savedAgents)
        .where(eq(savedAgents.userId, userId))
    ).map((r) => [r.agentId, r.savedAt]),
  );
  return rows.map((row) => ({ agentId: row.id, savedAt: times.get(row.id) ?? 0, agent: toAgent(row) }));
}

/**
 * The ids of the person's newest saves, newest first: what the server draws /saved from on a device
 * that has not merged with the account yet (docs/decisions/0036). Hidden agents are left out where
 * they are drawn, as every list leaves them out.
 */
export const listSavedAgentIds = async (d1: D1Database, userId: number, limit: number): Promise<number[]> =>
  (
    await orm(d1)
      .select({ agentId: savedAgents.agentId })
      .from(savedAgents)
      .where(eq(savedAgents.userId, userId))
      .orderBy(desc(savedAgents.savedAt), desc(savedAgents.id))
      .limit(limit)
  ).map((row) => row.agentId);

export const countSaved = async (d1: D1Database, userId: number): Promise<number> =>
  await orm(d1).$count(savedAgents, eq(savedAgents.userId, userId));

/** Saves (or keeps) one agent; false when the agent does not exist. The first save's time stays. */
export async function saveAgent(d1: D1Database, userId: number, agentId: number, savedAt: number): Promise<boolean> {
  const [agent] = await orm(d1)
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.id, agentId), isNull(agents.hiddenAt)));
  if (!agent) return false;
  await orm(d1).insert(savedAgents).values({ userId, agentId, savedAt }).onConflictDoNothing().run();
  return true;
}

export const unsaveAgent = (d1: D1Database, userId: number, agentId: number) =>
  orm(d1)
    .delete(savedAgents)
    .where(and(eq(savedAgents.userId, userId), eq(savedAgents.agentId, agentId)))
    .run();
