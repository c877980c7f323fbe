// What a personal API token may do (docs/decisions/0030). Allow-listed, so a route added later is
// refused to tokens until someone decides otherwise here: never account, payment, token, operator
// or admin routes, whatever the scopes.
import type { TokenScope } from '#common/api-tokens.ts';

/**
 * GETs under /api a `read` token may make: the catalogue, public profiles, the owner's balance and history.
 * Decided not to be here (session only): earnings and their statements (/earnings, /earnings/statements/…),
 * and every /admin route, the operators' totals (CSV too) and support's people and histories (docs/decisions/0029).
 */
const READ = [
  /^\/agents(\/(search|suggest|category\/[^/]+|creator\/[^/]+|[^/]+|[^/]+\/ratings(\/summary)?|[^/]+\/changes))?\/?$/,
  // The caller's own console (docs/decisions/0043): a program may read its owner's agents and their figures.
  /^\/my-agents\/?$/,
  /^\/categories(\/[^/]+)?\/?$/,
  /^\/departments(\/[^/]+)?\/?$/,
  /^\/users\/[^/]+\/?$/,
  /^\/config\/?$/,
  /^\/credits\/(balance|transactions)\/?$/,
];
/** A try (POST), and asking how a try with a key ended (GET): scope `try`. */
const TRY = /^\/agents\/[^/]+\/try(\/[^/]+)?\/?$/;

/**
 * The scope a token needs for `method` on `path` (relative to /api), or null when no token may make
 * that request at all.
 */
export function scopeFor(method: string, path: string): TokenScope | null {
  const read = method === 'GET' || method === 'HEAD';
  if (TRY.test(path)) {
    const isSettle = /\/try\/[^/]+\/?$/.test(path);
    return (isSettle ? read : method === 'POST') ? 'try' : null;
  }
  return read && READ.some((r) => r.test(path)) ? 'read' : null;
}
