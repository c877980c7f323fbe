// The provider's sign-in tokens as they come back from a login and as sessions store them: read by the
// session middleware for every request, so they live below features.
import type { ProviderTokens } from '#worker/env.ts';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isId = (value: unknown): value is string | number =>
  (typeof value === 'string' && value.trim() !== '') || (typeof value === 'number' && Number.isFinite(value));

/** Reads the tokens out of a login answer's `message`; null when any required one is missing. */
export function readTokens(body: unknown): ProviderTokens | null {
  const message = isRecord(body) ? body['message'] : undefined;
  if (!isRecord(message)) return null;
  const { b_k, b_i, u_i, b_cb_id } = message;
  if (typeof b_k !== 'string' || b_k === '' || !isId(b_i) || !isId(u_i)) return null;
  return { b_k, b_i, u_i, b_cb_id: isId(b_cb_id) ? b_cb_id : null };
}

/** Parses stored sessions.provider_data; null unless it holds usable tokens. */
export function parseStoredTokens(json: string | null | undefined): ProviderTokens | null {
  if (!json) return null;
  try {
    return readTokens({ message: JSON.parse(json) as unknown });
  } catch {
    return null;
  }
}
