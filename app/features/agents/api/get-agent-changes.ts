import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentChange } from '#common/api-schemas.ts';
import type { Agent } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { agentKeys } from './keys';

/** GET /api/agents/{id}/changes: the agent's 'What's new' notes, latest first (docs/decisions/0043). */
export const getAgentChanges = async (id: number): Promise<AgentChange[]> =>
  unwrap(await api.agents[':id'].changes.$get({ param: { id: String(id) } }));

/**
 * An agent's notes, asked only when it has one (`whatsNewAt`): an agent without stays one query
 * lighter, on the server's render and in the browser. The server renders them into the agent page
 * (app/entry-server.tsx), and like the rest of the page they are kept for offline reading.
 */
export const getAgentChangesQueryOptions = (agent: Pick<Agent, 'id' | 'whatsNewAt'>) =>
  queryOptions({
    queryKey: agentKeys.changes(agent.id, agent.whatsNewAt ?? ''),
    queryFn: () => getAgentChanges(agent.id),
    enabled: agent.whatsNewAt !== null,
  });

export const useAgentChanges = (agent: Pick<Agent, 'id' | 'whatsNewAt'>) =>
  useQuery(getAgentChangesQueryOptions(agent));
