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
