import { QueryClient } from '@tanstack/react-query';

/** SPEC section 9: cached data never goes stale by itself, no refetch on focus, no polling, no retries. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
