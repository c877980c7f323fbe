/** Query keys for ratings (reviews), by agent. */
export const ratingKeys = {
  all: ['ratings'] as const,
  byAgent: (agentId: number) => [...ratingKeys.all, 'agent', agentId] as const,
};
