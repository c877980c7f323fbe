// Provider mode's catalogue: the provider's listing (cached 5 minutes per isolate) merged with the
// agents creators listed here, then filtered, sorted and paged in memory like the D1 path.
import type { D1Database } from '@cloudflare/workers-types';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { PAGE_SIZE_MAX } from '#common/constants.ts';
import type { Agent } from '#common/types.ts';
import { agents as agentsTable } from '#worker/db/schema.ts';
import { clampLimit } from '#worker/lib/http.ts';
import { agentQuery, toAgent, type AgentPage, type ListParams } from './data';
import { priorOf, sortAgents } from './ranking';
import { fetchListing, mapProviderAgent, type ProviderConfig } from '#worker/features/provider/index.ts';

export const LISTING_TTL_MS = 5 * 60_000;

interface CacheEntry {
  at: number;
  agents: Promise<Agent[]>;
}

// Keyed by base URL + product; a pending fetch is shared so a burst of requests makes one call.
const cache = new Map<string, CacheEntry>();

/** For tests: forget cached listings. */
export const clearProviderCache = (): void => cache.clear();

async function load(config: ProviderConfig, now: number): Promise<Agent[]> {
  const stamp = new Date(now).toISOString();
  const seen = new Set<number>();
  const agents: Agent[] = [];
  for (const record of await fetchListing(config)) {
    const agent = mapProviderAgent(record, stamp);
    // The provider's own duplicates (or hash collisions) would give two cards one address.
    if (agent && !seen.has(agent.id)) {
      seen.add(agent.id);
      agents.push(agent);
    }
  }
  return agents;
}

/** The provider's agents, mapped; throws HttpError 502 'External API error: {status}'. */
export function providerAgents(config: ProviderConfig, now = Date.now()): Promise<Agent[]> {
  const key = `${config.base}/${config.product}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < LISTING_TTL_MS) return hit.agents;
  const agents = load(config, now);
  cache.set(key, { at: now, agents });
  // Failures are not cached: the next request asks the provider again.
  agents.catch(() => {
    if (cache.get(key)?.agents === agents) cache.delete(key);
  });
  return agents;
}

/** One provider agent by our numeric id, or null. */
export async function findProviderAgent(config: ProviderConfig, id: number): Promise<Agent | null> {
  return (await providerAgents(config)).find((a) => a.id === id) ?? null;
}

/** Creators' own agents from D1 (seeded catalogue rows without a creator stay hidden in provider mode). */
async function creatorAgents(db: D1Database): Promise<Agent[]> {
  const rows = await agentQuery(db)
    .where(and(isNotNull(agentsTable.creatorId), isNull(agentsTable.hiddenAt)))
    .orderBy(desc(agentsTable.id));
  return rows.map(toAgent);
}

/** Provider agents first, then creators' own D1 agents, without duplicate ids. */
export async function mergedCatalog(db: D1Database, config: ProviderConfig): Promise<Agent[]> {
  const [external, own] = await Promise.all([providerAgents(config), creatorAgents(db)]);
  const ids = new Set(external.map((a) => a.id));
  return [...external, ...own.filter((a) => !ids.has(a.id))];
}

/** One merged-catalogue agent: the provider's first, else a creator's D1 agent. */
export async function getMergedAgent(db: D1Database, config: ProviderConfig, id: number): Promise<Agent | null> {
  const external = await findProviderAgent(config, id);
  if (external) return external;
  const [row] = await agentQuery(db).where(
    and(eq(agentsTable.id, id), isNotNull(agentsTable.creatorId), isNull(agentsTable.hiddenAt)),
  );
  return row ? toAgent(row) : null;
}

/**
 * Filters, sorts and pages like listAgents: q is a case-insensitive substring match over name,
 * description, category and department (every word must match); without a sort the merge order
 * (provider first) is kept.
 */
export function pageOf(agents: Agent[], params: ListParams): AgentPage {
  const words = (params.q ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (params.q != null && params.q.trim() !== '' && words.length === 0) return { agents: [], total: 0 };
  const matches = agents.filter((a) => {
    if (params.categoryId && a.categoryId !== params.categoryId) return false;
    if (params.departmentId && a.departmentId !== params.departmentId) return false;
    if (params.creatorId && a.creatorId !== params.creatorId) return false;
    if (words.length === 0) return true;
    const haystack = [a.name, a.description, a.businessCategory, a.categoryName, a.businessDepartment]
      .join('\n')
      .toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
  // The prior of the damped rating is taken over the whole catalogue, as the SQL takes it over the table.
  const sorted = params.sort ? sortAgents(matches, params.sort, priorOf(agents)) : matches;
  const limit = clampLimit(params.limit, PAGE_SIZE_MAX, PAGE_SIZE_MAX);
  const offset = Math.max(params.offset ?? 0, 0);
  return { agents: sorted.slice(offset, offset + limit), total: matches.length };
}
