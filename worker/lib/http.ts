import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '#common/types.ts';

/** An expected failure with a message safe to show the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export const errorBody = (message: string): ApiErrorBody => ({ message, error: message });

/** An error answer; its status stays a literal type, so the typed client tells it from the route's 2xx answers. */
export const fail = <S extends ContentfulStatusCode>(c: Context, status: S, message: string) =>
  c.json(errorBody(message), status);

/** A page size: `value` (`fallback` when the caller gave none) kept between 1 and `max`. */
export const clampLimit = (value: number | null | undefined, fallback: number, max: number): number =>
  Math.min(Math.max(value ?? fallback, 1), max);

/** Parses a positive integer path or query parameter; null when it is not one. */
export function positiveInt(value: string | undefined | null): number | null {
  if (value == null || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The page a list's query asks for, read leniently as `pageQuery` (./validator.ts) documents it: a
 * malformed limit or offset is ignored, the size kept between 1 and `max` (`fallback` when none).
 */
export function pageParams(c: Context, fallback: number, max: number) {
  const offset = Number.parseInt(c.req.query('offset') ?? '', 10);
  return {
    limit: clampLimit(positiveInt(c.req.query('limit')), fallback, max),
    offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0,
  };
}

/** A page of a list: its items, and in X-Total-Count how many there are in all. */
export function pageAnswer<T>(c: Context, page: { items: T[]; total: number }) {
  c.header('X-Total-Count', String(page.total));
  return c.json(page.items);
}
