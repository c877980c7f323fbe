import { PAGE_SIZE_MAX } from '#common/constants.ts';
import type { CatalogListParams, CatalogSource } from '#common/ssr.ts';
import type { Bindings } from '#worker/env.ts';
import { clampLimit } from '#worker/lib/http.ts';
import {
  agentChangesOf,
  agentOwner,
  catalogAgentsByIds,
  getCatalogAgent,
  getProviderAgent,
  listAgents,
  listCatalog,
  parseSort,
} from '#worker/features/agents/index.ts';
import { creatorPage } from '#worker/features/creators/index.ts';
import { listCategories, listDepartments } from '#worker/features/categories/index.ts';
import { listRatings } from '#worker/features/ratings/index.ts';

const bounded = (limit: number | undefined) => clampLimit(limit, PAGE_SIZE_MAX, PAGE_SIZE_MAX);

/**
 * The catalogue for the server renderer: the same data functions the API's GET routes answer with
 * (worker/features/agents/routes.ts and friends), called directly rather than over HTTP.
 */
export function catalogSource(env: Bindings): CatalogSource {
  const list = async (params: CatalogListParams & { q?: string; exact?: boolean }) => {
    const page = await listCatalog(env, {
      ...params,
      q: params.q ?? null,
      limit: bounded(params.limit),
      offset: Math.max(params.offset ?? 0, 0),
    });
    return { items: page.agents, total: page.total, corrected: page.corrected ?? null, anyTerm: page.anyTerm ?? false };
  };
  return {
    listAgents: (params) => list(params),
    searchAgents: (q, { departmentId, sort, exact }, limit, offset) =>
      list({ q, departmentId, sort: parseSort(sort) ?? undefined, exact, limit, offset }),
    getAgent: (id) => getCatalogAgent(env, id),
    // The renderer asks only for the notes of the agent its page shows, one anyone may see (docs/decisions/0043).
    agentChanges: (id) => agentChangesOf(env.DB, id),
    agentRatings: async (id, sort) => {
      // As GET /api/agents/{id}/ratings for a visitor: the provider's agents have none here, hidden agents none at all.
      const agent = await agentOwner(env.DB, id);
      if (!agent || agent.hidden_at)
        return (await getProviderAgent(env, id)) ? { items: [], total: 0 } : Promise.reject(new Error('no such agent'));
      return listRatings(env.DB, id, { sort });
    },
    categories: () => listCategories(env.DB),
    departments: () => listDepartments(env.DB),
    creator: (username, sort) => creatorPage(env.DB, username, sort),
    creatorAgents: async (userId, limit) =>
      (await listAgents(env.DB, { creatorId: userId, limit: bounded(limit) })).agents,
    agentsByIds: (ids) => catalogAgentsByIds(env, ids),
  };
}
