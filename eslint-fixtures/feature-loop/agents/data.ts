export const agentOwner = (id: number) => ({ id });
