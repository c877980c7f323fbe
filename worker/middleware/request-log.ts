import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { log } from '#worker/lib/log.ts';

/** Cloudflare's own id of the request when it came through Cloudflare: one id in their logs and ours. */
const CF_RAY = /^[\w-]{1,64}$/;

/**
 * Gives every request an id (CF-Ray when present), answers it in X-Request-Id, and writes one JSON
 * line when the response is ready. Only the path is logged: query strings may carry tokens.
 */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ray = c.req.header('CF-Ray');
  const requestId = ray && CF_RAY.test(ray) ? ray : crypto.randomUUID();
  c.set('requestId', requestId);
  const started = Date.now();
  await next();
  try {
    c.res.headers.set('X-Request-Id', requestId);
  } catch {
    // Responses passed through from a fetch (static assets) have immutable headers.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('X-Request-Id', requestId);
  }
  const status = c.res.status;
  log(status >= 500 ? 'error' : 'info', 'request', {
    requestId,
    method: c.req.method,
    path: c.req.path,
    status,
    ms: Date.now() - started,
    userId: c.var.user?.id ?? null,
  });
};
