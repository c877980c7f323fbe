/** Keys for proposals. The inbox is operators' private data, dropped at logout. */
export const proposalKeys = {
  all: ['proposals'] as const,
  inbox: () => [...proposalKeys.all, 'inbox'] as const,
  create: () => [...proposalKeys.all, 'create'] as const,
};
