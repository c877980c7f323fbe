export { agentKeys, type AgentListParams } from '#app/lib/query-keys.ts';
