// A short-lived, per-isolate cache of the public catalogue reads (lists, search, agent details,
// reviews, categories, departments) for visitors. Those reads are the bulk of the traffic and the
// same for everyone, and a D1 round trip costs several times the rest of the request. Signed-in
// requests always read D1, and any write through this isolate empties the cache, so a change is seen
// at once here and within CATALOG_CACHE_SECONDS everywhere else (docs/decisions/0006).
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '#common/constants.ts';
import type { AppEnv, Bindings } from '#worker/env.ts';

export const CATALOG_CACHE_DEFAULT_SECONDS = 10;
/** Bounds memory: the oldest entries go first. */
export const CATALOG_CACHE_MAX_ENTRIES = 200;
/** Larger answers are not kept (a page of the catalogue is far below this). */
const MAX_BODY_BYTES = 256 * 1024;

interface Entry {
  expires: number;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
}

const entries = new Map<string, Entry>();

export function catalogCacheSeconds(env: Bindings): number {
  const raw = env.CATALOG_CACHE_SECONDS;
  if (raw === undefined || raw.trim() === '') return CATALOG_CACHE_DEFAULT_SECONDS;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

export function clearCatalogCache(): void {
  entries.clear();
}

export const catalogCacheSize = (): number => entries.size;

/** Serves visitors' GETs from the cache when fresh; stores successful answers. */
export const catalogCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  const seconds = catalogCacheSeconds(c.env);
  // Programs with a token are people too (docs/decisions/0030): their answers (a try's, by key) are theirs.
  if (!seconds || c.req.method !== 'GET' || getCookie(c, SESSION_COOKIE) || c.var.user || c.req.header('Authorization') !== undefined) return next();
  const key = c.req.url;
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) {
    return new Response(hit.body.slice(0), { status: hit.status, headers: [...hit.headers, ['X-Cache', 'hit']] });
  }
  if (hit) entries.delete(key);
  await next();
  if (c.res.status !== 200) return;
  const body = await c.res.clone().arrayBuffer();
  if (body.byteLength > MAX_BODY_BYTES) return;
  while (entries.size >= CATALOG_CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { expires: now + seconds * 1000, status: c.res.status, headers: [...c.res.headers.entries()], body });
};

/**
 * A write through this isolate that succeeded may change what the catalogue shows: start over after
 * it. A refused or failed one changed nothing, so it cannot be used to empty the cache at will.
 */
export const clearCatalogCacheOnWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // Only after a write that succeeded (docs/decisions/0024); a page view counted by the app (POST
  // /api/agents/{id}/views) changes no catalogue answer.
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'OPTIONS' && c.res.ok && !/^\/api\/agents\/\d+\/views$/.test(c.req.path)) clearCatalogCache();
};
