// A method that a known API path does not offer is answered 405 with Allow naming those it does (RFC
// 9110 §15.5.6), in the API's error shape and before any credential is read: a wrong method is the
// same mistake whoever makes it (docs/decisions/0040). A path no route answers stays a 404. A path
// is the route pattern that matches it most literally, as OpenAPI matches paths (/api/agents/search
// before /api/agents/{id}): what the document lists for that path is what Allow says.
import type { Env, Hono, MiddlewareHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { errorBody } from '#worker/lib/http.ts';

/** The methods routes are written with, in the order Allow lists them (HEAD wherever GET is: Hono answers it). */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

export const methodNotAllowedMessage = (allow: string) => `This address answers ${allow} only`;

type Route = { method: string; pattern: string };

/** Every route of `app` under `prefix`: a router whose handlers are the routes' methods and patterns. */
function routesByPath<E extends Env>(app: Hono<E>, prefix: string): TrieRouter<Route> {
  const router = new TrieRouter<Route>();
  const seen = new Set<string>();
  for (const { method, path } of app.routes) {
    if (!METHODS.includes(method) || !path.startsWith(prefix) || seen.has(`${method} ${path}`)) continue;
    seen.add(`${method} ${path}`);
    // Added for every method: matching a path then finds each route written for it.
    router.add('ALL', path, { method, pattern: path });
  }
  return router;
}

const isParam = (segment: string | undefined) => segment === undefined || segment.startsWith(':') || segment === '*';
/** Below zero when `a` matches more literally than `b`: at the first segment where one is a word and the other a parameter. */
function moreLiteralFirst(a: string, b: string): number {
  const [x, y] = [a.split('/'), b.split('/')];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (isParam(x[i]) !== isParam(y[i])) return isParam(x[i]) ? 1 : -1;
  }
  return 0;
}

/** The methods `path` is answered for (those of its most literal pattern), in Allow's order; empty for a path no route knows. */
function allowedMethods(router: TrieRouter<Route>, path: string): string[] {
  const routes = router.match('GET', path)[0].map(([route]) => route);
  if (routes.length === 0) return [];
  const best = routes.map((r) => r.pattern).sort(moreLiteralFirst)[0]!;
  const found = new Set(routes.filter((r) => moreLiteralFirst(r.pattern, best) === 0).map((r) => r.method));
  if (found.has('GET')) found.add('HEAD');
  return METHODS.filter((m) => found.has(m));
}

/** 405 for a method `app`'s routes under `prefix` do not offer on a path they know; built from the route table on first use. */
export function methodNotAllowed<E extends Env>(app: () => Hono<E>, prefix = '/api/'): MiddlewareHandler<E> {
  let router: TrieRouter<Route> | undefined;
  return async (c, next) => {
    router ??= routesByPath(app(), prefix);
    const allowed = allowedMethods(router, c.req.path);
    if (allowed.length === 0 || allowed.includes(c.req.method)) return next();
    const allow = allowed.join(', ');
    c.header('Allow', allow);
    return c.json(errorBody(methodNotAllowedMessage(allow)), 405);
  };
}
