// How long each cache of visitors' answers keeps one, from the configuration. The per-isolate cache
// (docs/decisions/0006) only where the edge cache (docs/decisions/0046) is off: behind the edge cache,
// keyed alike and kept for less time, it answered none of the scale bench's requests (docs/capacity.md).
import type { Bindings } from '#worker/env.ts';

export function edgeCacheSeconds(env: Bindings): number {
  const seconds = Number(env.EDGE_CACHE_SECONDS ?? 0);
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}

const CATALOG_CACHE_DEFAULT_SECONDS = 10;

export function catalogCacheSeconds(env: Bindings): number {
  if (edgeCacheSeconds(env) > 0) return 0;
  const raw = env.CATALOG_CACHE_SECONDS;
  if (raw === undefined || raw.trim() === '') return CATALOG_CACHE_DEFAULT_SECONDS;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}
