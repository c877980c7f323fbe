import type { QueryClient } from '@tanstack/react-query';

/**
 * Mutation functions for mutations that may be queued offline and resumed after a reload: a
 * restored mutation has no function of its own, so it is found here by its key.
 */
export function registerMutationDefaults(queryClient: QueryClient): void {
  void queryClient;
}
