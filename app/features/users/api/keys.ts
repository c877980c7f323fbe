/** Query and mutation keys for users; public profiles are not private data. */
export const userKeys = {
  all: ['users'] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  update: () => [...userKeys.all, 'update'] as const,
  ensureMinimumCredits: () => ['admin', 'ensure-minimum-credits'] as const,
};
