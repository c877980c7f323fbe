import MiniSearch from 'minisearch';
import type { Agent } from '#common/types.ts';
import { request, STORES, transact } from './offline-db';
import { PERSIST_BUSTER, type SavedQuery } from './saved-record';
import type { SavedAgentRecord } from './saved-agents';

/**
 * Search with no signal (docs/decisions/0027): every agent saved on this device (saved agents and
 * whatever listings and agent pages were seen) in a MiniSearch index, with prefix and typo
 * tolerance and accents ignored. Loaded only when a search cannot reach the server.
 */

/** Letters without their accents, lower case: 'Café' and 'cafe' are one word. */
export const foldTerm = (term: string): string =>
  term
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/**
 * What is searched, in three fields by weight: the name counts most, then the labels (category,
 * department), then the text (descriptions and features). Three fields rather than one per
 * property: each field is scored on its own, and fewer keep a common word's search fast.
 */
const FIELDS = ['name', 'labels', 'text'] as const;
const BOOST = { name: 4, labels: 2 };
const FIELD_TEXT: Record<(typeof FIELDS)[number], (agent: Agent) => Array<string | null | undefined>> = {
  name: (agent) => [agent.name],
  labels: (agent) => [agent.businessCategory, agent.businessDepartment, agent.categoryName],
  text: (agent) => [agent.description, agent.longDescription, ...(Array.isArray(agent.features) ? agent.features : [])],
};

/** Typos forgiven by word length: none for short words, one edit from 5 letters, two from 9. */
const fuzziness = (term: string): number => (term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0);

export interface OfflineIndex {
  search(q: string, limit?: number): Agent[];
  readonly size: number;
}

/** Builds the index over `agents` (the first copy of an agent wins: callers put the freshest first). */
export function buildOfflineIndex(agents: Iterable<Agent>): OfflineIndex {
  const byId = new Map<number, Agent>();
  for (const agent of agents) if (!byId.has(agent.id)) byId.set(agent.id, agent);
  const mini = new MiniSearch<Agent>({
    fields: [...FIELDS],
    idField: 'id',
    processTerm: (term) => foldTerm(term) || null,
    // MiniSearch reads the id through this too.
    extractField: (agent, field) =>
      field === 'id'
        ? (agent.id as unknown as string)
        : FIELD_TEXT[field as (typeof FIELDS)[number]](agent).filter(Boolean).join(' \n '),
    // Prefix on the last word only, the one still being typed (as the server: docs/decisions/0013), and from
    // two letters: a one-letter prefix would match nearly everything and cost the most.
    searchOptions: {
      boost: BOOST,
      prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 2,
      fuzzy: fuzziness,
      maxFuzzy: 2,
    },
  });
  mini.addAll([...byId.values()]);
  return {
    size: byId.size,
    search(q, limit = 50) {
      const text = q.trim();
      if (!text) return [];
      // Every word first; when nothing has them all, any of them (as the server does: docs/decisions/0013).
      let hits = mini.search(text, { combineWith: 'AND' });
      if (hits.length === 0) hits = mini.search(text, { combineWith: 'OR' });
      return hits.slice(0, limit).map((hit) => byId.get(hit.id as number)!);
    },
  };
}

/** Agents in a saved query's data, whatever its shape: one agent, a list, or pages of a list. */
function agentsIn(data: unknown, out: Agent[]): void {
  if (Array.isArray(data)) {
    for (const item of data) agentsIn(item, out);
    return;
  }
  if (!data || typeof data !== 'object') return;
  const value = data as Record<string, unknown>;
  if (
    typeof value.id === 'number' &&
    typeof value.name === 'string' &&
    typeof value.description === 'string' &&
    'creditCost' in value
  ) {
    out.push(value as unknown as Agent);
    return;
  }
  // Paged listings ({ pages: [{ items }] }) and search pages ({ items }).
  for (const key of ['pages', 'items']) if (key in value) agentsIn(value[key], out);
}

/** Every agent this device holds: saved agents first (the person's own copies), then the cache's. */
export async function deviceAgents(): Promise<Agent[]> {
  const [saved, queries] = await transact([STORES.savedAgents, STORES.queries], 'readonly', (tx) =>
    Promise.all([
      request(tx.objectStore(STORES.savedAgents).getAll() as IDBRequest<SavedAgentRecord[]>),
      request(tx.objectStore(STORES.queries).getAll() as IDBRequest<SavedQuery[]>),
    ]),
  );
  const agents: Agent[] = saved.map((record) => record.agent);
  // Newest data first, so an agent's freshest copy is the one indexed.
  for (const query of queries
    .filter((q) => q.buster === PERSIST_BUSTER && (q.queryKey[0] === 'agents' || q.queryKey[0] === 'my-agents'))
    .sort((a, b) => b.updatedAt - a.updatedAt)) {
    try {
      agentsIn(JSON.parse(query.data), agents);
    } catch {
      // A damaged entry is skipped.
    }
  }
  return agents;
}

let cached: { index: OfflineIndex; builtAt: number } | undefined;
/** An index is built again when older than this (new pages seen meanwhile are then found too). */
const INDEX_FRESH_MS = 30_000;

/** Searches everything on this device; the index is built on first use and reused for a while. */
export async function searchDevice(q: string, limit?: number): Promise<Agent[]> {
  if (!cached || Date.now() - cached.builtAt > INDEX_FRESH_MS)
    cached = { index: buildOfflineIndex(await deviceAgents()), builtAt: Date.now() };
  return cached.index.search(q, limit);
}
