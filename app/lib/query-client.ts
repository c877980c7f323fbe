import { QueryClient } from '@tanstack/react-query';
import { PERSIST_MAX_AGE_MS } from './persist';

/** docs/product.md#constants: cached data never goes stale by itself, no refetch on focus, no polling, no retries. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        retry: false,
        // Unused data is kept as long as the persisted copy, so it survives for offline use.
        gcTime: PERSIST_MAX_AGE_MS,
      },
      mutations: { retry: false },
    },
  });
