export { proposalKeys } from '../../../lib/query-keys';
