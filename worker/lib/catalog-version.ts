// The catalogue's version (migration 0026, docs/decisions/0046): one number in every edge cache key,
// bumped after a write that changes what visitors read, so such a write makes new keys.
import type { D1Database } from '@cloudflare/workers-types';

export async function catalogVersion(db: D1Database): Promise<number> {
  const row = await db.prepare('SELECT version FROM catalog_version WHERE id = 1').first<{ version: number }>();
  return row?.version ?? 0;
}

/** On the writer's session, so on the primary: the next visitor's read asks for the new keys. */
export const bumpCatalogVersion = (db: D1Database): Promise<unknown> =>
  db.prepare('UPDATE catalog_version SET version = version + 1 WHERE id = 1').run();
