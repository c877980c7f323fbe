/**
 * A new Idempotency-Key (docs/decisions/0002). Its own module, free of the API client, so the entry
 * script can make one (app/lib/saved-change.ts, docs/decisions/0044). crypto.randomUUID needs a
 * secure context; random bytes elsewhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
