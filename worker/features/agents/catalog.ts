// Where the catalogue comes from: D1, or in provider mode (docs/product.md#provider) the provider's listing merged
// with creators' own D1 agents.
import type { Agent, SessionUser } from '#common/types.ts';
import type { Bindings } from '#worker/env.ts';
import { providerConfig } from '#worker/features/provider/index.ts';
import { findProviderAgent, getMergedAgent, mergedCatalog, pageOf } from './provider-catalog';
import { agentsByIds, getAgent, listAgents, type AgentPage, type ListParams } from './data';

export async function listCatalog(env: Bindings, params: ListParams): Promise<AgentPage> {
  const config = providerConfig(env);
  return config ? pageOf(await mergedCatalog(env.DB, config), params) : listAgents(env.DB, params);
}

/** `viewer` may see the agent when moderators hid it: its creator or a moderator. */
export async function getCatalogAgent(
  env: Bindings,
  id: number,
  viewer?: Pick<SessionUser, 'id' | 'role'> | null,
): Promise<Agent | null> {
  const config = providerConfig(env);
  return config ? getMergedAgent(env.DB, config, id) : getAgent(env.DB, id, viewer);
}

/** The provider's agent with this id (tried through countUsage); null outside provider mode or for our own agents. */
export async function getProviderAgent(env: Bindings, id: number): Promise<Agent | null> {
  const config = providerConfig(env);
  return config ? findProviderAgent(config, id) : null;
}

/**
 * The agents of these ids anyone may see, in the order given: the list a device's cookie names, which
 * the server draws /saved from (docs/decisions/0036). In provider mode, as getCatalogAgent answers
 * each id (the provider's agent first). Ids of no such agent, or of a hidden one, are left out; the
 * page sees the difference and starts the app, which shows the device's own copies.
 */
export async function catalogAgentsByIds(env: Bindings, ids: readonly number[]): Promise<Agent[]> {
  if (ids.length === 0) return [];
  const config = providerConfig(env);
  const found = new Map(
    (config ? await mergedCatalog(env.DB, config) : await agentsByIds(env.DB, ids)).map((agent) => [agent.id, agent]),
  );
  return ids.flatMap((id) => found.get(id) ?? []);
}
