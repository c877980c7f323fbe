// The edge cache (docs/decisions/0046): visitors' public pages and catalogue reads kept in the data
// centre's cache (the Cache API), under keys that carry the catalogue's version. A write that
// changes what visitors read bumps the version once it has succeeded (onCatalogWrite,
// ./catalog-cache.ts), so the next read asks for new keys: nothing is purged (a purge reaches one
// data centre only), and old keys simply expire. Signed-in and private answers are never kept.
// An answer about one agent carries that agent's version too, which its reviews bump
// (docs/decisions/0051). Usage figures ('52 tries this month') are not versioned, nor a review's
// effect on lists and search: they may lag by EDGE_CACHE_SECONDS, as the per-isolate cache's do.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { afterAnswer } from './after-answer';
import { edgeCacheSeconds } from './cache-seconds';
import { visitorRead } from './catalog-cache';
import { cacheVersionOf } from './catalog-version';

/** The cache keys' own origin: never a page anyone can ask for. */
const KEY_ORIGIN = 'https://edge-cache.internal';
/** Headers the cache would act on, kept aside in the stored copy and given back as they were. */
const KEPT_ASIDE = ['Cache-Control', 'Vary'] as const;
const ASIDE_PREFIX = 'X-Edge-Kept-';

const defaultCache = (): Cache | undefined =>
  typeof caches === 'undefined' ? undefined : (caches as unknown as { default?: Cache }).default;

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
  if (!seconds || !cache || !visitorRead(c)) return answer();
  const url = new URL(c.req.url);
  let version: string;
  try {
    version = await cacheVersionOf(c.env.DB, url.pathname);
  } catch {
    return answer(); // the version unknown, nothing is kept or served from the cache
  }
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
  void afterAnswer(
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
