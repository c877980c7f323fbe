import type { Query, QueryCacheNotifyEvent, QueryClient, QueryKey } from '@tanstack/react-query';
import type { AgentChange } from '#common/api-schemas.ts';
import type { Agent, Rating } from '#common/types.ts';
import { agentKeys, ratingKeys } from './query-keys';
import { getSavedAgent, refreshSavedAgents } from './saved-agents';

/** The agent a query is about, when it is its page's data: the agent itself, its reviews or its notes. */
function aboutAgent(key: QueryKey): { id: number; part: 'agent' | 'ratings' | 'changes' } | undefined {
  const [, , id] = key;
  if (typeof id !== 'number') return undefined;
  // Notes are keyed by the agent's latest note's time too (agentKeys.changes).
  if (key.length === 4 && typeof key[3] === 'string') {
    const changes = agentKeys.changes(id, key[3]);
    return key.every((part, i) => part === changes[i]) ? { id, part: 'changes' } : undefined;
  }
  if (key.length !== 3) return undefined;
  const detail = agentKeys.detail(id);
  const ratings = ratingKeys.byAgent(id);
  if (key.every((part, i) => part === detail[i])) return { id, part: 'agent' };
  if (key.every((part, i) => part === ratings[i])) return { id, part: 'ratings' };
  return undefined;
}

/**
 * A saved agent's page data when the query cache no longer holds it (its least-recently-used bound
 * dropped it): saved agents stay readable offline whatever that bound does (docs/decisions/0027).
 */
export async function savedQueryData(key: QueryKey): Promise<{ data: unknown; updatedAt: number } | undefined> {
  const about = aboutAgent(key);
  if (!about) return undefined;
  const record = await getSavedAgent(about.id);
  if (!record) return undefined;
  const data = record[about.part];
  return data === undefined ? undefined : { data, updatedAt: record.savedAt };
}

/** Keeps each saved agent's copy as fresh as the pages the person opens (its data, its reviews, its notes). */
export function keepSavedAgentsFresh(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const query: Query = event.query;
    const about = aboutAgent(query.queryKey);
    if (!about || query.state.data === undefined) return;
    const update =
      about.part === 'agent'
        ? { agent: query.state.data as Agent }
        : about.part === 'ratings'
          ? { ratings: query.state.data as Rating[] }
          : { changes: query.state.data as AgentChange[] };
    refreshSavedAgents([{ id: about.id, ...update }]).catch(() => undefined);
  });
}
