import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CREATOR_MESSAGES, IMAGE_MAX_BYTES } from '#common/creators.ts';
import { MESSAGES } from '#common/validation.ts';
import type { AppEnv } from '#worker/env.ts';
import { errorBody } from '#worker/lib/http.ts';

/** API responses are data, never documents: lock them down completely. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'none'";

/**
 * The app's policy; public/_headers carries the same one for static assets. The one inline script
 * allowed, by its hash, is the page's tap holder in app/index.html (app/lib/early-clicks.test.ts checks both).
 */
export const APP_CSP =
  "default-src 'self'; script-src 'self' 'sha256-eh6L3MDZXZ7+1cko9/4YAnZ8CYGUSO9pghla1zLl97Q='; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const h = c.res.headers;
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', API_CSP);
  h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('X-Frame-Options', 'DENY');
  if (!h.has('Cache-Control')) h.set('Cache-Control', 'no-store');
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests from foreign sites, whatever the content type (hono's csrf()
 * only looks at form types). Requests without Origin or Fetch Metadata (curl, Stripe's webhook)
 * are not browser cross-site requests and pass.
 */
export const sameOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header('Origin');
  const site = c.req.header('Sec-Fetch-Site');
  const own = new URL(c.req.url).origin;
  const foreignOrigin = origin !== undefined && origin !== own;
  const foreignSite = site === 'cross-site' || (site === 'same-site' && origin !== own);
  if (foreignOrigin || foreignSite) return c.json(errorBody(MESSAGES.crossSite), 403);
  return next();
};

export const BODY_LIMIT_BYTES = 64 * 1024;

const smallBody = bodyLimit({
  maxSize: BODY_LIMIT_BYTES,
  onError: (c) => c.json(errorBody(MESSAGES.tooLarge), 413),
});

/** Picture uploads (docs/decisions/0028): a cover and its thumbnail of 2 MB each, with the form's framing. */
export const UPLOAD_LIMIT_BYTES = 2 * IMAGE_MAX_BYTES + 64 * 1024;
const uploadBody = bodyLimit({
  maxSize: UPLOAD_LIMIT_BYTES,
  onError: (c) => c.json(errorBody(CREATOR_MESSAGES.imageTooLarge), 413),
});

export const limitBody: MiddlewareHandler<AppEnv> = (c, next) =>
  c.req.path.startsWith('/api/media/') ? uploadBody(c, next) : smallBody(c, next);
