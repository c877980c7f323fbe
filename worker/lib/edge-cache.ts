// The edge cache (docs/decisions/0046): visitors' public pages and catalogue reads kept in the data
// centre's cache (the Cache API), under keys that carry the catalogue's version. A write that
// changes what visitors read bumps the version once it has succeeded, so the next read asks for new
// keys: nothing is purged (a purge reaches one data centre only), and old keys simply expire.
// Signed-in and private answers are never kept. Usage figures ('52 tries this month') and listing
// health are not versioned: they may lag by EDGE_CACHE_SECONDS, as the per-isolate cache's do.
import type { D1Database } from '@cloudflare/workers-types';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '#common/constants.ts';
import type { AppEnv, Bindings } from '#worker/env.ts';
import { changesCatalog } from './catalog-cache';

/** The cache keys' own origin: never a page anyone can ask for. */
const KEY_ORIGIN = 'https://edge-cache.internal';
/** Headers the cache would act on, kept aside in the stored copy and given back as they were. */
const KEPT_ASIDE = ['Cache-Control', 'Vary'] as const;
const ASIDE_PREFIX = 'X-Edge-Kept-';

export function edgeCacheSeconds(env: Bindings): number {
  const seconds = Number(env.EDGE_CACHE_SECONDS ?? 0);
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}

/** The catalogue's version (migration 0026). */
export async function catalogVersion(db: D1Database): Promise<number> {
  const row = await db.prepare('SELECT version FROM catalog_version WHERE id = 1').first<{ version: number }>();
  return row?.version ?? 0;
}

/**
 * Whether a write changes what visitors read through the edge cache: the catalogue's writes
 * (changesCatalog), except a paid try, which changes only usage figures and a review's 'Tried it'
 * (both may lag). At 100 tries a second a version bumped by each would keep no key alive.
 */
export const changesVisitorsReads = (method: string, path: string): boolean =>
  changesCatalog(method, path) && !/^\/api\/agents\/\d+\/try$/.test(path);

/** Bumps the version after such a write has succeeded: on the writer's session, so on the primary. */
export const bumpCatalogVersionOnWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.ok && changesVisitorsReads(c.req.method, c.req.path))
    await c.env.DB.prepare('UPDATE catalog_version SET version = version + 1 WHERE id = 1').run();
};

/** Nothing of anyone's: no session, no token, no signed-in user. */
const fromVisitor = (c: Context<AppEnv>): boolean =>
  c.req.method === 'GET' && !getCookie(c, SESSION_COOKIE) && !c.var.user && c.req.header('Authorization') === undefined;

const defaultCache = (): Cache | undefined =>
  typeof caches === 'undefined' ? undefined : (caches as unknown as { default?: Cache }).default;

function waitUntil(c: Context<AppEnv>, work: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (a test calling the app directly): the work runs on its own.
  }
}

/** The copy the cache keeps: its own lifetime, what the cache would act on kept aside. */
function storedCopy(res: Response, seconds: number): Response {
  const copy = new Response(res.clone().body, res);
  for (const name of KEPT_ASIDE) {
    const value = res.headers.get(name);
    copy.headers.delete(name);
    if (value !== null) copy.headers.set(`${ASIDE_PREFIX}${name}`, value);
  }
  copy.headers.set('Cache-Control', `public, max-age=${seconds}`);
  return copy;
}

/** The kept answer as it was first given, marked as a hit. */
function restored(hit: Response): Response {
  const res = new Response(hit.body, hit);
  res.headers.delete('Cache-Control');
  for (const name of KEPT_ASIDE) {
    const value = hit.headers.get(`${ASIDE_PREFIX}${name}`);
    res.headers.delete(`${ASIDE_PREFIX}${name}`);
    if (value !== null) res.headers.set(name, value);
  }
  res.headers.delete('Age');
  res.headers.set('X-Edge-Cache', 'hit');
  return res;
}

interface EdgeCacheOptions {
  /** What else, besides the address, the answer depends on (a page's meta tags read request headers). */
  variant?: (c: Context<AppEnv>) => string;
  /** Work a served answer still owes (a page view counted). */
  onHit?: (c: Context<AppEnv>) => void;
}

/** The edge cache as middleware, for the API's catalogue reads: a hit is returned, a miss marked on c.res. */
export const edgeCache: MiddlewareHandler<AppEnv> = (c, next) =>
  throughEdgeCache(c, async () => {
    await next();
    return c.res;
  });

/**
 * Serves a visitor's GET from the data centre's cache when a copy for the current version is kept;
 * otherwise answers it (`answer`) and keeps a 200 that sets no cookie and is not private.
 */
export async function throughEdgeCache(
  c: Context<AppEnv>,
  answer: () => Promise<Response>,
  { variant, onHit }: EdgeCacheOptions = {},
): Promise<Response> {
  const seconds = edgeCacheSeconds(c.env);
  const cache = defaultCache();
  if (!seconds || !cache || !fromVisitor(c)) return answer();
  let version: number;
  try {
    version = await catalogVersion(c.env.DB);
  } catch {
    return answer(); // the version unknown, nothing is kept or served from the cache
  }
  c.set('catalogVersion', version);
  const url = new URL(c.req.url);
  const key = new Request(`${KEY_ORIGIN}/v${version}/${variant?.(c) ?? '-'}${url.pathname}${url.search}`);
  const hit = await cache.match(key).catch(() => undefined);
  if (hit) {
    onHit?.(c);
    return restored(hit);
  }
  const res = await answer();
  const keep =
    res.status === 200 &&
    !res.headers.has('Set-Cookie') &&
    !/private|no-store/.test(res.headers.get('Cache-Control') ?? '');
  if (!keep) return res;
  waitUntil(
    c,
    cache.put(key, storedCopy(res, seconds)).catch(() => undefined),
  );
  // On the answer itself (after the copy was taken): as middleware, Hono keeps the response it has.
  try {
    res.headers.set('X-Edge-Cache', 'miss');
  } catch {
    // Headers that cannot change (a response passed on from a fetch): kept all the same, unmarked.
  }
  return res;
}
