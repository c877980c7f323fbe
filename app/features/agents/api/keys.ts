export { agentKeys, type AgentListParams } from '../../../lib/query-keys';
