export const agentFormKeys = {
  create: ['agents', 'create'] as const,
  update: ['agents', 'update'] as const,
};
