export { agentFormKeys } from '../../../lib/query-keys';
