import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '#worker/app.ts';

/** The one typed client for the worker's API (types come from the worker's routes). */
export const api = hc<AppType>('/api', {
  init: { credentials: 'include' },
  headers: { Accept: 'application/json' },
});

/** A non-OK answer. `message` is the server's text when it sent one (docs/product.md#errors). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Any answer of the typed client, whatever its route. */
type AnyClientResponse = ClientResponse<unknown, number, string>;

/**
 * What a route documents it answers with a 2xx status: its schema's output (common/api-schemas.ts,
 * the schemas GET /api/openapi.json is made from). The typed client lists those answers beside the
 * handler's own, marked `documented` (worker/lib/openapi.ts, `route`); the worker's type check holds
 * the handler's answers to them (worker/features/openapi/documented-answers.test.ts).
 */
type OkBody<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? F extends { documented: true }
      ? S extends SuccessStatusCode
        ? T
        : never
      : never
    : never;

/**
 * Resolves an OK response to its JSON body, typed by the route that answered it; any other status
 * becomes an ApiError. The body is not checked at run time: the worker's types vouch for it.
 */
export async function unwrap<R extends AnyClientResponse>(res: R): Promise<OkBody<R>> {
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let message: string | undefined;
    try {
      const body = JSON.parse(text) as { message?: unknown; error?: unknown };
      const value = body.message ?? body.error;
      if (typeof value === 'string' && value) message = value;
    } catch {
      // Not JSON: fall back to the generic "status: body" form (docs/product.md#errors).
    }
    throw new ApiError(res.status, message ?? `${res.status}: ${text || res.statusText}`);
  }
  return (await res.json()) as OkBody<R>;
}

/** One item of a list a route answers. */
type PageItem<R> = OkBody<R> extends readonly (infer I)[] ? I : never;

/** A route's call in the typed client, such as `typeof api.agents.$get`. */
export type RouteCall = (...args: never[]) => Promise<AnyClientResponse>;
/**
 * What the typed client answers a route's call: for a request the app sends itself (a multipart
 * upload), `unwrap(res as unknown as AnswerOf<typeof api.x.$put>)` types its body by that route.
 */
export type AnswerOf<Call extends RouteCall> = Awaited<ReturnType<Call>>;
/** The body of a route's 2xx answer, for naming it: `OkAnswer<typeof api.x.$post>`. */
export type OkAnswer<Call extends RouteCall> = OkBody<AnswerOf<Call>>;

/** Like unwrap, also returning X-Total-Count for paged lists. */
export async function unwrapPage<R extends AnyClientResponse>(
  res: R,
): Promise<{ items: PageItem<R>[]; total: number }> {
  const items = (await unwrap(res)) as PageItem<R>[];
  const header = Number(res.headers.get('X-Total-Count'));
  return { items, total: Number.isFinite(header) && res.headers.has('X-Total-Count') ? header : items.length };
}

export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;
