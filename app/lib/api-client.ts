import { hc } from 'hono/client';
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

/** Resolves an OK response to its JSON body; any other status becomes an ApiError. */
export async function unwrap<T>(res: Response | { ok: boolean; status: number; statusText: string; text(): Promise<string>; json(): Promise<unknown> }): Promise<T> {
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
  return (await res.json()) as T;
}

/** Like unwrap, also returning X-Total-Count for paged lists. */
export async function unwrapPage<T>(res: Response): Promise<{ items: T[]; total: number }> {
  const items = await unwrap<T[]>(res);
  const header = Number(res.headers.get('X-Total-Count'));
  return { items, total: Number.isFinite(header) && res.headers.has('X-Total-Count') ? header : items.length };
}

export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;
