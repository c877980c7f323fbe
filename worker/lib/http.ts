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

export const fail = (c: Context, status: ContentfulStatusCode, message: string) => c.json(errorBody(message), status);

/** Parses a positive integer path or query parameter; null when it is not one. */
export function positiveInt(value: string | undefined | null): number | null {
  if (value == null || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
