// A short-lived, per-isolate cache of the public catalogue reads (lists, search, agent details,
// reviews, categories, departments) for visitors. Those reads are the bulk of the traffic and the
// same for everyone, and a D1 round trip costs several times the rest of the request. Signed-in
// requests always read D1, and a write through this isolate that changes the catalogue empties the
// cache, so a change is seen at once here and within CATALOG_CACHE_SECONDS everywhere else
// (docs/decisions/0006).
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '#common/constants.ts';
import type { AppEnv, Bindings } from '#worker/env.ts';
import { bumpCatalogVersion } from './catalog-version';

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
  // Under the catalogue's version when the edge cache read it: a kept answer is never older than
  // the version it is served for, so the edge cache never keeps an answer from before a write.
  const key = c.var.catalogVersion === undefined ? c.req.url : `v${c.var.catalogVersion} ${c.req.url}`;
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
 * `usageOnly`: a write whose change may lag at the edge too, so it does not bump the catalogue's
 * version (docs/decisions/0046): a paid try changes usage figures and 'Tried it', and at 100 tries a
 * second a version bumped by each would keep no key alive.
 */
const CATALOG_WRITES: readonly (readonly [methods: readonly string[], path: RegExp, usageOnly?: true])[] = [
  [['POST'], /^\/api\/agents$/],
  [['PUT', 'DELETE'], /^\/api\/agents\/\d+$/],
  [['POST'], /^\/api\/agents\/\d+\/try$/, true],
  [['POST', 'PUT', 'PATCH', 'DELETE'], /^\/api\/ratings(\/|$)/],
  [['POST'], /^\/api\/moderation\//],
  [['PUT', 'DELETE'], /^\/api\/media\/agents\/\d+\/cover$/],
  [['PUT'], /^\/api\/users\/\d+$/],
  [['POST'], /^\/api\/admin\/refunds$/],
];

const catalogWrite = (method: string, path: string) =>
  CATALOG_WRITES.find(([methods, pattern]) => methods.includes(method) && pattern.test(path));

/** Whether a write to this method and path can change a catalogue answer (CATALOG_WRITES). */
export const changesCatalog = (method: string, path: string): boolean => catalogWrite(method, path) !== undefined;

/** Whether it changes what visitors read through the edge cache: a catalogue write that is not `usageOnly`. */
export const changesVisitorsReads = (method: string, path: string): boolean => {
  const write = catalogWrite(method, path);
  return write !== undefined && write[2] !== true;
};

/**
 * After a write that changes the catalogue and succeeded: empties this isolate's cache and, unless
 * the change may lag, bumps the catalogue's version for the edge cache. A refused or failed write
 * changed nothing, so it cannot be used to empty the cache either (docs/decisions/0024).
 */
export const onCatalogWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const write = c.res.ok ? catalogWrite(c.req.method, c.req.path) : undefined;
  if (!write) return;
  clearCatalogCache();
  if (write[2] !== true) await bumpCatalogVersion(c.env.DB);
};
