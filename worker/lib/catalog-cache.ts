// A short-lived, per-isolate cache of the public catalogue reads (lists, search, agent details,
// reviews, categories, departments) for visitors. Those reads are the bulk of the traffic and the
// same for everyone, and a D1 round trip costs several times the rest of the request. Signed-in
// requests always read D1, and a write through this isolate that changes the catalogue empties the
// cache, so a change is seen at once here and within CATALOG_CACHE_SECONDS everywhere else
// (docs/decisions/0006). Only where the edge cache is off (`npm start`, the tests): behind it, the
// same answers under the same keys, it answered nothing (worker/lib/cache-seconds.ts).
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '#common/constants.ts';
import type { AppEnv } from '#worker/env.ts';
import { catalogCacheSeconds } from './cache-seconds';
import { bumpCatalogVersion } from './catalog-version';

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

export function clearCatalogCache(): void {
  entries.clear();
}

export const catalogCacheSize = (): number => entries.size;

/**
 * A visitor's read: a GET with nothing of anyone's (no session cookie, no user, no token). Programs
 * with a token are people too (docs/decisions/0030): their answers (a try's, by key) are theirs. Only
 * such reads are kept, here and in the edge cache (./edge-cache.ts).
 */
export const visitorRead = (c: Context<AppEnv>): boolean =>
  c.req.method === 'GET' && !getCookie(c, SESSION_COOKIE) && !c.var.user && c.req.header('Authorization') === undefined;

/** Serves visitors' GETs from the cache when fresh; stores successful answers. */
export const catalogCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  const seconds = catalogCacheSeconds(c.env);
  if (!seconds || !visitorRead(c)) return next();
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
  entries.set(key, {
    expires: now + seconds * 1000,
    status: c.res.status,
    headers: [...c.res.headers.entries()],
    body,
  });
};

/**
 * The writes that can change what the cached reads (GET /api/agents/*, /api/categories/*,
 * /api/departments/*) answer, by method and path: an allow-list, not "any write", so a request anyone
 * can send for nothing (an anonymous logout, forgot-password) cannot empty the cache at will and send
 * every visitor to D1. What each changes:
 * - agents listed, changed or deleted: lists, search, details, and the categories' and departments'
 *   agent counts; a paid try: its author's review now says 'Tried it' (reviews);
 * - /ratings/*: reviews, replies and helpful marks: an agent's average and count, its reviews and their order;
 * - moderation: hiding or restoring an agent or a review;
 * - an agent's cover (imageUrl); a username (agents show their creator's, reviews their author's);
 * - a refund of a try: no longer 'Tried it'.
 * A page view (POST /api/agents/{id}/views) changes only viewCount, which may lag. A route that comes
 * to change these reads belongs here: until then it is seen within CATALOG_CACHE_SECONDS, as a write
 * through another isolate always is.
 *
 * What the edge cache makes new keys for (docs/decisions/0046, 0051), the write's `scope`:
 * - none: the whole catalogue's version is bumped;
 * - 'agent': a write about one agent's reviews (a review, a reply, a helpful mark, a moderator's
 *   decision on a review). Migration 0029's triggers bump that agent's own version, so its page,
 *   reviews and histogram are new at once; lists and search, where its average and place show, may
 *   lag by EDGE_CACHE_SECONDS. At the model's half a review a second, a global bump for each would
 *   keep few keys alive (docs/capacity.md);
 * - 'usage': a paid try changes usage figures and 'Tried it', which may lag everywhere; at 100 tries
 *   a second a version bumped by each would keep no key alive.
 */
const CATALOG_WRITES: readonly (readonly [methods: readonly string[], path: RegExp, scope?: 'agent' | 'usage'])[] = [
  [['POST'], /^\/api\/agents$/],
  [['PUT', 'DELETE'], /^\/api\/agents\/\d+$/],
  [['POST'], /^\/api\/agents\/\d+\/try$/, 'usage'],
  [['POST', 'PUT', 'PATCH', 'DELETE'], /^\/api\/ratings(\/|$)/, 'agent'],
  [['POST'], /^\/api\/moderation\/review\//, 'agent'],
  [['POST'], /^\/api\/moderation\/(?!review\/)/],
  [['PUT', 'DELETE'], /^\/api\/media\/agents\/\d+\/cover$/],
  [['PUT'], /^\/api\/users\/\d+$/],
  [['POST'], /^\/api\/admin\/refunds$/],
];

const catalogWrite = (method: string, path: string) =>
  CATALOG_WRITES.find(([methods, pattern]) => methods.includes(method) && pattern.test(path));

/** Whether a write to this method and path can change a catalogue answer (CATALOG_WRITES). */
export const changesCatalog = (method: string, path: string): boolean => catalogWrite(method, path) !== undefined;

/** Whether it changes what visitors read anywhere in the catalogue: a catalogue write of no narrower scope. */
export const changesVisitorsReads = (method: string, path: string): boolean => {
  const write = catalogWrite(method, path);
  return write !== undefined && write[2] === undefined;
};

/**
 * After a write that changes the catalogue and succeeded: empties this isolate's cache and, for a
 * write of no narrower scope, bumps the catalogue's version for the edge cache. A refused or failed write
 * changed nothing, so it cannot be used to empty the cache either (docs/decisions/0024).
 */
export const onCatalogWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const write = c.res.ok ? catalogWrite(c.req.method, c.req.path) : undefined;
  if (!write) return;
  clearCatalogCache();
  if (write[2] === undefined) await bumpCatalogVersion(c.env.DB);
};
