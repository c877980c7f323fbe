/** Under 'my-agents' so the list is dropped at logout with the rest of the private data. */
export const myAgentsKeys = {
  all: ['my-agents'] as const,
  list: (userId: number) => [...myAgentsKeys.all, 'list', userId] as const,
};
