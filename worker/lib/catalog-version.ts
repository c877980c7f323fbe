// The catalogue's version (migration 0026, docs/decisions/0046): one number in every edge cache key,
// bumped after a write that changes what visitors read, so such a write makes new keys. An answer
// about one agent carries that agent's version too (migration 0029, docs/decisions/0051), bumped by
// the triggers of its reviews, so a review makes new keys for that agent only.
import type { D1Database } from '@cloudflare/workers-types';

export async function catalogVersion(db: D1Database): Promise<number> {
  const row = await db.prepare('SELECT version FROM catalog_version WHERE id = 1').first<{ version: number }>();
  return row?.version ?? 0;
}

/** The agent an address is about: an agent's page, its API answer and everything under it. */
const AGENT_PATH = /^\/(?:api\/)?agents\/(\d{1,15})(?:\/|$)/;

/** The version an answer at `path` is kept under: the catalogue's, and '.' its agent's when it is about one. */
export async function cacheVersionOf(db: D1Database, path: string): Promise<string> {
  const agentId = AGENT_PATH.exec(path)?.[1];
  if (agentId === undefined) return String(await catalogVersion(db));
  // One statement, both point reads.
  const row = await db
    .prepare(
      'SELECT (SELECT version FROM catalog_version WHERE id = 1) AS catalogue, (SELECT cache_version FROM agents WHERE id = ?) AS agent',
    )
    .bind(Number(agentId))
    .first<{ catalogue: number | null; agent: number | null }>();
  return `${row?.catalogue ?? 0}.${row?.agent ?? 0}`;
}

/** On the writer's session, so on the primary: the next visitor's read asks for the new keys. */
export const bumpCatalogVersion = (db: D1Database): Promise<unknown> =>
  db.prepare('UPDATE catalog_version SET version = version + 1 WHERE id = 1').run();
